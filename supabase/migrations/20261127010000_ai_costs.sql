-- What the hosted AI costs (issue 25, part 4): one row per AI call that /api/ai sent upstream, with
-- its tool, model, image size, tokens, the user's plan and an estimated cost, counted or not; and the
-- day's estimated spend, which AI_DAILY_BUDGET_USD caps (api/_lib/ai-cost.ts).
--
-- Server only: the browser roles (anon, authenticated) get nothing on the table or the function. The
-- proxy inserts with the server's role after each answer; `npm run report:usage` reads it with the
-- database's own connection string (scripts/report-usage.mjs).

-- ---------------------------------------------------------------------------------------------------
-- ai_calls: one row per call that went upstream. Refusals before that (session, limits, rate limits,
-- the daily budget) send nothing and record nothing.
--   counted    the call counted a conversion (an image, a completed poem);
--   failure    why it did not, when it failed: blocked (a safety block), no_image (an image call that
--              answered without one), incomplete (a text answer or stream that did not complete),
--              upstream_429 / upstream_4xx / upstream_5xx (Gemini's error, before or inside a stream),
--              timeout (the proxy's upstream timeout), unreachable (no answer, or the connection
--              broke), cancelled (the caller left). Null for a counted call, and for the custom
--              prompt's analysis step, which succeeds without counting;
--   tokens     the answer's usageMetadata (a stream's last event), null when it had none;
--   cost_usd_micros
--              the estimated cost in millionths of a US dollar (integers add up exactly), from the
--              price table of src/config/ai-prices.ts and AI_PRICES_JSON; cost_basis says from what:
--              tokens, image_price (no usageMetadata: the per-image price by size), none (nothing
--              billed: no usageMetadata on a failure or a text call), unpriced (a model with no price).
--   day        the UTC day of created_at, which the daily budget and the report read by (indexed).
-- ---------------------------------------------------------------------------------------------------
create table public.ai_calls (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  day date not null default ((now() at time zone 'UTC')::date),
  user_id uuid references auth.users (id) on delete set null,
  tier text constraint ai_calls_tier_check check (char_length(tier) <= 40),
  tool text not null constraint ai_calls_tool_check check (tool ~ '^[a-z0-9-]{1,40}$'),
  model text not null constraint ai_calls_model_check check (char_length(model) between 1 and 100),
  kind text not null constraint ai_calls_kind_check check (kind in ('image', 'text')),
  image_size text constraint ai_calls_image_size_check check (char_length(image_size) <= 8),
  counted boolean not null,
  failure text constraint ai_calls_failure_check check (
    failure in ('blocked', 'no_image', 'incomplete', 'upstream_429', 'upstream_4xx', 'upstream_5xx',
                'timeout', 'unreachable', 'cancelled')),
  http_status integer constraint ai_calls_http_status_check check (http_status between 100 and 599),
  prompt_tokens integer constraint ai_calls_prompt_tokens_check check (prompt_tokens >= 0),
  candidates_tokens integer constraint ai_calls_candidates_tokens_check check (candidates_tokens >= 0),
  thoughts_tokens integer constraint ai_calls_thoughts_tokens_check check (thoughts_tokens >= 0),
  cost_usd_micros bigint not null default 0
    constraint ai_calls_cost_check check (cost_usd_micros >= 0),
  cost_basis text not null
    constraint ai_calls_cost_basis_check check (cost_basis in ('tokens', 'image_price', 'none', 'unpriced')),
  constraint ai_calls_day_matches_check check (day = (created_at at time zone 'UTC')::date),
  constraint ai_calls_counted_check check (not (counted and failure is not null))
);

comment on table public.ai_calls is 'One row per AI call /api/ai sent upstream: tool, model, size, tokens, plan, estimated cost, failure class. Server only.';

-- The daily budget's sum and the report's ranges read by day; the cost rides in the index.
create index ai_calls_day_idx on public.ai_calls (day) include (cost_usd_micros);

alter table public.ai_calls enable row level security;
revoke all on table public.ai_calls from anon, authenticated;
-- The server's role writes and reads it (it bypasses row-level security; the grant makes the privilege
-- explicit rather than leaving it to a platform default).
grant select, insert on table public.ai_calls to service_role;

-- ---------------------------------------------------------------------------------------------------
-- The estimated spend of p_now's UTC day, in millionths of a dollar: what the proxy compares with
-- AI_DAILY_BUDGET_USD before it reserves a conversion. One index range (ai_calls_day_idx).
-- ---------------------------------------------------------------------------------------------------
create function public.ai_spend_today(p_now timestamptz default now())
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(c.cost_usd_micros), 0)::bigint
  from public.ai_calls c
  where c.day = (p_now at time zone 'UTC')::date;
$$;

revoke execute on function public.ai_spend_today(timestamptz) from public, anon, authenticated;
grant execute on function public.ai_spend_today(timestamptz) to service_role;
