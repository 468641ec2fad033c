-- One database call at the end of an AI call instead of two (issue 25, bench:quota): the proxy ended the
-- reservation (finish_conversion) and recorded the call (an ai_calls insert) side by side, two requests
-- through the API at the end of every answer. finish_and_record does both in one, and the record never
-- costs the count: a row the table refuses is reported as a warning, and the count stands.
create function public.finish_and_record(
  p_reservation_id uuid,
  p_count integer,
  p_call jsonb,
  p_now timestamptz default now()
)
returns table (finished boolean, tier text, monthly_limit integer, used integer, reserved integer, remaining integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query select * from public.finish_conversion(p_reservation_id, p_count, p_now);
  begin
    insert into public.ai_calls (
      user_id, tier, tool, model, kind, image_size, counted, failure, http_status,
      prompt_tokens, candidates_tokens, thoughts_tokens, cost_usd_micros, cost_basis
    )
    select c.user_id, c.tier, c.tool, c.model, c.kind, c.image_size, c.counted, c.failure, c.http_status,
           c.prompt_tokens, c.candidates_tokens, c.thoughts_tokens, coalesce(c.cost_usd_micros, 0), c.cost_basis
    from jsonb_populate_record(null::public.ai_calls, p_call) c;
  exception when others then
    raise warning 'finish_and_record: the call was not recorded (%): %', sqlstate, sqlerrm;
  end;
end;
$$;

revoke execute on function public.finish_and_record(uuid, integer, jsonb, timestamptz) from public, anon, authenticated;
grant execute on function public.finish_and_record(uuid, integer, jsonb, timestamptz) to service_role;
