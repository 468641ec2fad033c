-- Plans change only on the server, and hosted mode counts conversions in Postgres (README "Hosted mode").
--
-- Where trust lives: every rule below is a SQL function that runs `security definer` with an empty
-- search_path and that only `service_role` may execute: the api/ handlers call them with the server's
-- secret key, after verifying the caller's session. The browser roles (anon, authenticated) may at most
-- read their own rows; nothing here can be written from a browser.
--
-- Every function that depends on the time takes `p_now` (default now()), so tests can move the clock
-- (month rollover, reservation expiry, rate-limit windows). The handlers never pass it.

-- ---------------------------------------------------------------------------------------------------
-- plans: each plan's price and monthly limit. The one copy in the database; src/config/tiers.ts must
-- agree with it (tests/backend/plans.test.ts compares them).
-- ---------------------------------------------------------------------------------------------------
create table public.plans (
  tier text primary key
    constraint plans_tier_check check (tier in ('Freemium', '$5/month', '$10/month', '$30/month')),
  name text not null,
  price_cents integer not null constraint plans_price_check check (price_cents >= 0),
  monthly_limit integer not null constraint plans_monthly_limit_check check (monthly_limit >= 0)
);

comment on table public.plans is 'Each plan''s price and monthly conversion limit. Public read; changed only by migrations.';

insert into public.plans (tier, name, price_cents, monthly_limit)
values
  ('Freemium', 'Freemium', 0, 3),
  ('$5/month', 'Basic', 500, 20),
  ('$10/month', 'Standard', 1000, 40),
  ('$30/month', 'Premium', 3000, 130);

alter table public.plans enable row level security;

create policy "Plans are readable by everyone"
  on public.plans
  for select
  to anon, authenticated
  using (true);

revoke all on table public.plans from anon, authenticated;
grant select on table public.plans to anon, authenticated;

alter table public.subscriptions
  add constraint subscriptions_tier_fkey foreign key (tier) references public.plans (tier);

-- ---------------------------------------------------------------------------------------------------
-- subscriptions: from now on a user only reads their own row. The tier is set by api/checkout alone.
-- ---------------------------------------------------------------------------------------------------
drop policy "Users can create their own subscription" on public.subscriptions;
drop policy "Users can change their own subscription" on public.subscriptions;

revoke all on table public.subscriptions from anon, authenticated;
grant select on table public.subscriptions to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- payments: one row per completed checkout. Never the card number or the CVC: the last four digits.
-- ---------------------------------------------------------------------------------------------------
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  tier text not null references public.plans (tier),
  amount_cents integer not null constraint payments_amount_check check (amount_cents >= 0),
  card_last4 text constraint payments_card_last4_check check (card_last4 ~ '^[0-9]{4}$'),
  provider text not null,
  provider_reference text,
  created_at timestamptz not null default now()
);

comment on table public.payments is 'Completed checkouts; each user reads only their own. Written only by api/checkout.';

create index payments_user_id_created_at_idx on public.payments (user_id, created_at desc);

alter table public.payments enable row level security;

create policy "Users can read their own payments"
  on public.payments
  for select
  to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.payments from anon, authenticated;
grant select on table public.payments to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- usage: conversions used per user and calendar month (UTC; `month` is the month's first day).
-- ---------------------------------------------------------------------------------------------------
create table public.usage (
  user_id uuid not null references auth.users (id) on delete cascade,
  month date not null constraint usage_month_check check (extract(day from month) = 1),
  used integer not null default 0 constraint usage_used_check check (used >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, month)
);

comment on table public.usage is 'Conversions used per user and UTC month; each user reads only their own. Written only by the server.';

alter table public.usage enable row level security;

create policy "Users can read their own usage"
  on public.usage
  for select
  to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.usage from anon, authenticated;
grant select on table public.usage to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- usage_reservations: a conversion held while its request is upstream. Committed (counted) or released
-- by the proxy; one left behind by a crash stops counting at expires_at.
-- ---------------------------------------------------------------------------------------------------
create table public.usage_reservations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  month date not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

comment on table public.usage_reservations is 'Conversions reserved by requests in flight. Server only.';

create index usage_reservations_user_month_idx on public.usage_reservations (user_id, month, expires_at);

alter table public.usage_reservations enable row level security;
revoke all on table public.usage_reservations from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- rate_limit_hits: requests per user, bucket (what is limited) and fixed window. Server only.
-- ---------------------------------------------------------------------------------------------------
create table public.rate_limit_hits (
  user_id uuid not null references auth.users (id) on delete cascade,
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (user_id, bucket, window_start)
);

comment on table public.rate_limit_hits is 'Requests per user, bucket and window, for rate limits shared by every server instance. Server only.';

alter table public.rate_limit_hits enable row level security;
revoke all on table public.rate_limit_hits from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- checkout_locks: one checkout at a time per user, so two payments sent at once are never both
-- charged. Held from the plan check to the recorded payment; one a crash leaves behind expires.
-- ---------------------------------------------------------------------------------------------------
create table public.checkout_locks (
  user_id uuid primary key references auth.users (id) on delete cascade,
  tier text not null,
  expires_at timestamptz not null
);

comment on table public.checkout_locks is 'A checkout in progress per user. Server only.';

alter table public.checkout_locks enable row level security;
revoke all on table public.checkout_locks from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The rules. security definer + empty search_path; execute for service_role only.
-- ---------------------------------------------------------------------------------------------------

-- The first day of p_now's month, in UTC.
create function public.usage_month(p_now timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select date_trunc('month', p_now at time zone 'UTC')::date;
$$;

-- A user's tier, used, reserved, limit and remaining this month.
create function public.usage_status(p_user_id uuid, p_now timestamptz default now())
returns table (tier text, monthly_limit integer, used integer, reserved integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$
  with plan as (
    select p.tier, p.monthly_limit
    from public.plans p
    where p.tier = coalesce(
      (select s.tier from public.subscriptions s where s.user_id = p_user_id), 'Freemium')
  ),
  counts as (
    select
      coalesce((select u.used from public.usage u
                where u.user_id = p_user_id and u.month = public.usage_month(p_now)), 0) as used,
      (select count(*)::integer from public.usage_reservations r
       where r.user_id = p_user_id and r.month = public.usage_month(p_now) and r.expires_at > p_now) as reserved
  )
  select plan.tier, plan.monthly_limit, counts.used, counts.reserved,
         greatest(plan.monthly_limit - counts.used - counts.reserved, 0)
  from plan, counts;
$$;

-- Reserves one conversion if the plan has room for it, atomically: the user's usage row is locked, so
-- two requests for the last conversion are decided one after the other. First, each rate limit of
-- p_rate_limits ([{"bucket", "max", "window_seconds"}], see hit_rate_limit) counts this request; one
-- that is passed answers retry_after_ms and reserves nothing. reservation_id is null when the limit is
-- reached or a rate limit refused (nothing is reserved then). One call, so the proxy pays one round
-- trip before its request goes upstream.
create function public.reserve_conversion(
  p_user_id uuid,
  p_ttl_seconds integer default 300,
  p_rate_limits jsonb default '[]'::jsonb,
  p_now timestamptz default now()
)
returns table (
  reservation_id uuid,
  tier text,
  monthly_limit integer,
  used integer,
  reserved integer,
  remaining integer,
  retry_after_ms integer
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := public.usage_month(p_now);
  v_limit record;
  v_hit record;
  v_status record;
  v_id uuid;
begin
  if p_ttl_seconds is null or p_ttl_seconds < 1 or p_ttl_seconds > 3600 then
    raise exception 'p_ttl_seconds must be between 1 and 3600' using errcode = '22023';
  end if;
  if jsonb_typeof(p_rate_limits) is distinct from 'array' then
    raise exception 'p_rate_limits must be a JSON array' using errcode = '22023';
  end if;
  for v_limit in
    select * from jsonb_to_recordset(p_rate_limits) as l(bucket text, max integer, window_seconds integer)
  loop
    select * into v_hit
      from public.hit_rate_limit(p_user_id, v_limit.bucket, v_limit.max, v_limit.window_seconds, p_now);
    if not v_hit.allowed then
      return query select null::uuid, s.tier, s.monthly_limit, s.used, s.reserved, s.remaining, v_hit.retry_after_ms
        from public.usage_status(p_user_id, p_now) s;
      return;
    end if;
  end loop;

  -- Creates or locks the user's row for this month in one statement: a second request for the same
  -- user waits here until this one has decided.
  insert into public.usage as u (user_id, month, used) values (p_user_id, v_month, 0)
    on conflict (user_id, month) do update set used = u.used;
  -- Reservations a crash left behind stop counting once they expire; tidy them away here.
  delete from public.usage_reservations r where r.user_id = p_user_id and r.expires_at <= p_now;

  select * into v_status from public.usage_status(p_user_id, p_now);
  if v_status.remaining >= 1 then
    insert into public.usage_reservations (user_id, month, created_at, expires_at)
      values (p_user_id, v_month, p_now, p_now + make_interval(secs => p_ttl_seconds))
      returning id into v_id;
    return query select v_id, v_status.tier, v_status.monthly_limit, v_status.used, v_status.reserved + 1,
      v_status.remaining - 1, null::integer;
    return;
  end if;
  return query select null::uuid, v_status.tier, v_status.monthly_limit, v_status.used, v_status.reserved,
    v_status.remaining, null::integer;
end;
$$;

-- Ends a reservation. p_count conversions (0 or more) are added to the month the reservation was made
-- in, even when it has expired meanwhile: a result the user received is always counted. An unknown or
-- already ended reservation counts nothing (so a retried commit never counts twice).
create function public.finish_conversion(
  p_reservation_id uuid,
  p_count integer,
  p_now timestamptz default now()
)
returns table (finished boolean, tier text, monthly_limit integer, used integer, reserved integer, remaining integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_month date;
begin
  if p_count is null or p_count < 0 or p_count > 10 then
    raise exception 'p_count must be between 0 and 10' using errcode = '22023';
  end if;
  delete from public.usage_reservations r where r.id = p_reservation_id
    returning r.user_id, r.month into v_user, v_month;
  if v_user is null then
    return query select false, null::text, null::integer, null::integer, null::integer, null::integer;
    return;
  end if;
  if p_count > 0 then
    insert into public.usage as u (user_id, month, used, updated_at)
      values (v_user, v_month, p_count, p_now)
      on conflict (user_id, month) do update set used = u.used + excluded.used, updated_at = p_now;
  end if;
  return query select true, s.tier, s.monthly_limit, s.used, s.reserved, s.remaining
    from public.usage_status(v_user, p_now) s;
end;
$$;

-- Counts one request against a limit of p_max per p_window_seconds (fixed windows). allowed is false,
-- with the milliseconds until the window ends, once the limit is passed.
create function public.hit_rate_limit(
  p_user_id uuid,
  p_bucket text,
  p_max integer,
  p_window_seconds integer,
  p_now timestamptz default now()
)
returns table (allowed boolean, hits integer, retry_after_ms integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_epoch double precision := extract(epoch from p_now);
  v_start timestamptz := to_timestamp(floor(v_epoch / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  if p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'p_max and p_window_seconds must be positive' using errcode = '22023';
  end if;
  insert into public.rate_limit_hits as h (user_id, bucket, window_start, hits)
    values (p_user_id, p_bucket, v_start, 1)
    on conflict (user_id, bucket, window_start) do update set hits = h.hits + 1
    returning h.hits into v_hits;
  -- Old windows are of no use: keep the table small (once per window, when it starts).
  if v_hits = 1 then
    delete from public.rate_limit_hits h
      where h.user_id = p_user_id and h.bucket = p_bucket and h.window_start < v_start;
  end if;
  return query select
    v_hits <= p_max,
    v_hits,
    case when v_hits <= p_max then 0
         else ceil((extract(epoch from v_start) + p_window_seconds - v_epoch) * 1000)::integer end;
end;
$$;

-- Starts a checkout: takes the user's checkout lock (unless another checkout holds it and has not
-- expired) and answers the plan the user is on and the price of the plan asked for. A checkout that
-- cannot go on (the lock is taken, or the user is already on p_tier) leaves no lock behind.
create function public.begin_checkout(
  p_user_id uuid,
  p_tier text,
  p_ttl_seconds integer default 120,
  p_now timestamptz default now()
)
returns table (acquired boolean, current_tier text, price_cents integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_taken uuid;
  v_current text;
  v_price integer;
begin
  select p.price_cents into v_price from public.plans p where p.tier = p_tier;
  if v_price is null then
    raise exception 'unknown plan %', p_tier using errcode = '22023';
  end if;
  insert into public.checkout_locks as l (user_id, tier, expires_at)
    values (p_user_id, p_tier, p_now + make_interval(secs => p_ttl_seconds))
    on conflict (user_id) do update set tier = excluded.tier, expires_at = excluded.expires_at
      where l.expires_at <= p_now
    returning l.user_id into v_taken;
  v_current := coalesce((select s.tier from public.subscriptions s where s.user_id = p_user_id), 'Freemium');
  if v_taken is not null and v_current = p_tier then
    delete from public.checkout_locks l where l.user_id = p_user_id;
  end if;
  return query select v_taken is not null, v_current, v_price;
end;
$$;

-- Gives a checkout's lock back (a declined card, a failure).
create function public.end_checkout(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.checkout_locks l where l.user_id = p_user_id;
$$;

-- Records a completed checkout and puts the user on its plan, in one transaction, and ends the
-- checkout's lock. Going back to
-- Freemium records no payment. Answers the tier now held.
create function public.complete_checkout(
  p_user_id uuid,
  p_tier text,
  p_amount_cents integer,
  p_card_last4 text,
  p_provider text,
  p_provider_reference text default null
)
returns table (tier text, payment_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment uuid;
begin
  if p_amount_cents > 0 then
    insert into public.payments (user_id, tier, amount_cents, card_last4, provider, provider_reference)
      values (p_user_id, p_tier, p_amount_cents, p_card_last4, p_provider, p_provider_reference)
      returning id into v_payment;
  end if;
  insert into public.subscriptions as s (user_id, tier) values (p_user_id, p_tier)
    on conflict (user_id) do update set tier = excluded.tier;
  delete from public.checkout_locks l where l.user_id = p_user_id;
  return query select s.tier, v_payment from public.subscriptions s where s.user_id = p_user_id;
end;
$$;

revoke execute on function public.usage_month(timestamptz) from public, anon, authenticated;
revoke execute on function public.usage_status(uuid, timestamptz) from public, anon, authenticated;
revoke execute on function public.reserve_conversion(uuid, integer, jsonb, timestamptz) from public, anon, authenticated;
revoke execute on function public.finish_conversion(uuid, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.hit_rate_limit(uuid, text, integer, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.begin_checkout(uuid, text, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.end_checkout(uuid) from public, anon, authenticated;
revoke execute on function public.complete_checkout(uuid, text, integer, text, text, text) from public, anon, authenticated;

grant execute on function public.usage_month(timestamptz) to service_role;
grant execute on function public.usage_status(uuid, timestamptz) to service_role;
grant execute on function public.reserve_conversion(uuid, integer, jsonb, timestamptz) to service_role;
grant execute on function public.finish_conversion(uuid, integer, timestamptz) to service_role;
grant execute on function public.hit_rate_limit(uuid, text, integer, integer, timestamptz) to service_role;
grant execute on function public.begin_checkout(uuid, text, integer, timestamptz) to service_role;
grant execute on function public.end_checkout(uuid) to service_role;
grant execute on function public.complete_checkout(uuid, text, integer, text, text, text) to service_role;
