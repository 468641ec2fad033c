-- npm run report:usage's numbers, computed by the database (issue 25, part 4): one function that the
-- script calls over a PostgreSQL connection (DATABASE_URL) or through the API with the server's key (the
-- local backend, PGlite included), so both give the same report from one query. Server only.
--
-- For the UTC days p_from to p_to: the calls in all, by tool and by plan (each with conversions,
-- failures, uncounted successes, the three token counts and the estimated cost in micro-dollars), the
-- failures by class with their cost, and how many calls were priced by image or not at all.
create function public.ai_usage_report(p_from date, p_to date)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with calls as (
    select c.*, coalesce(c.tier, '(none)') as plan from public.ai_calls c where c.day between p_from and p_to
  ),
  grouped as (
    select
      grouping(c.tool) = 0 as by_tool,
      grouping(c.plan) = 0 as by_plan,
      coalesce(c.tool, c.plan) as name,
      count(*) as calls,
      coalesce(sum(c.cost_usd_micros), 0) as cost,
      jsonb_build_object(
        'calls', count(*),
        'conversions', count(*) filter (where c.counted),
        'failures', count(*) filter (where c.failure is not null),
        'uncounted', count(*) filter (where not c.counted and c.failure is null),
        'prompt_tokens', coalesce(sum(c.prompt_tokens), 0),
        'candidates_tokens', coalesce(sum(c.candidates_tokens), 0),
        'thoughts_tokens', coalesce(sum(c.thoughts_tokens), 0),
        'cost_usd_micros', coalesce(sum(c.cost_usd_micros), 0)
      ) as sums
    from calls c
    group by grouping sets ((), (c.tool), (c.plan))
  ),
  failures as (
    select c.failure, count(*) as calls, coalesce(sum(c.cost_usd_micros), 0) as cost
    from calls c where c.failure is not null group by c.failure
  )
  select jsonb_build_object(
    'total', (select g.sums from grouped g where not g.by_tool and not g.by_plan),
    'by_tool', coalesce((select jsonb_agg(g.sums || jsonb_build_object('name', g.name)
                                          order by g.cost desc, g.calls desc, g.name)
                         from grouped g where g.by_tool), '[]'::jsonb),
    'by_plan', coalesce((select jsonb_agg(g.sums || jsonb_build_object('name', g.name)
                                          order by g.cost desc, g.calls desc, g.name)
                         from grouped g where g.by_plan), '[]'::jsonb),
    'failures', coalesce((select jsonb_agg(jsonb_build_object('failure', f.failure, 'calls', f.calls,
                                                              'cost_usd_micros', f.cost)
                                           order by f.calls desc, f.failure)
                          from failures f), '[]'::jsonb),
    'unpriced', (select count(*) from calls c where c.cost_basis = 'unpriced'),
    'image_price', (select count(*) from calls c where c.cost_basis = 'image_price')
  );
$$;

revoke execute on function public.ai_usage_report(date, date) from public, anon, authenticated;
grant execute on function public.ai_usage_report(date, date) to service_role;
