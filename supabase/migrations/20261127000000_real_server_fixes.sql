-- Two bugs a real PostgreSQL server showed (issue 25); PGlite, which runs one statement at a time, could
-- not have shown either.
--
-- 1. Support requests are written by api/submit-support alone, after its rate limit.
--    20261125000000_support_hardening.sql left `insert (user_id, type, description)` granted to
--    `authenticated`, so a signed-in user could POST /rest/v1/support_requests with their own token as
--    often as they liked: the handler's 5-per-10-minutes limit held only for those who used it. The
--    browser roles now only read their own requests; the handler inserts with the server's role, for
--    the user its token check named, once hit_rate_limit has let the request through.
--
-- 2. A result delivered is always counted, and every function takes its locks in one order.
--    - reserve_conversion deleted the user's expired reservations. A result that arrived after its
--      reservation expired then found nothing to finish (`finished: false`) and was never counted. Now an
--      expired reservation stops holding a conversion (usage_status ignores it) but stays finishable; only
--      reservations that expired more than a day ago are tidied away. Nothing waits that long: the proxy's
--      upstream timeout is at most 240 s and its reservations live longer than that
--      (src/config/ai-timeouts.ts).
--    - finish_conversion locked the reservation (its delete) and then the usage row; reserve_conversion
--      locked the usage row and then the reservations (its delete): with a reserve and a finish for the
--      same user at once, the real server answered 40P01 deadlock detected, and the count was lost. Now
--      both lock the user's usage row first, then touch reservations.
-- ---------------------------------------------------------------------------------------------------

-- 1. support_requests ------------------------------------------------------------------------------
revoke insert on table public.support_requests from authenticated;
drop policy "Users can file their own support requests" on public.support_requests;
-- The server's role writes them (it bypasses row-level security; the grant makes the privilege explicit
-- rather than leaving it to a platform default).
grant select, insert on table public.support_requests to service_role;

comment on table public.support_requests is 'Support requests; each user reads only their own. Written only by api/submit-support, after its rate limit.';

-- 2. reservations ----------------------------------------------------------------------------------
create or replace function public.reserve_conversion(
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

  -- Lock order, here and in finish_conversion: the user's usage row first, then reservations.
  -- Creates or locks the user's row for this month in one statement: a second request for the same
  -- user waits here until this one has decided.
  insert into public.usage as u (user_id, month, used) values (p_user_id, v_month, 0)
    on conflict (user_id, month) do update set used = u.used;
  -- An expired reservation no longer holds a conversion (usage_status skips it) but can still be
  -- finished by a late result; only those a day past their expiry are tidied away.
  delete from public.usage_reservations r
    where r.user_id = p_user_id and r.expires_at <= p_now - interval '1 day';

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
-- already ended reservation counts nothing (so a retried commit never counts twice). Locks the usage
-- row before the reservation, as reserve_conversion does.
create or replace function public.finish_conversion(
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
  v_ended uuid;
begin
  if p_count is null or p_count < 0 or p_count > 10 then
    raise exception 'p_count must be between 0 and 10' using errcode = '22023';
  end if;
  -- Whose reservation, without locking it yet.
  select r.user_id, r.month into v_user, v_month
    from public.usage_reservations r where r.id = p_reservation_id;
  if v_user is null then
    return query select false, null::text, null::integer, null::integer, null::integer, null::integer;
    return;
  end if;
  -- The usage row first (created if this month has none yet), then the reservation.
  insert into public.usage as u (user_id, month, used, updated_at) values (v_user, v_month, 0, p_now)
    on conflict (user_id, month) do update set used = u.used;
  delete from public.usage_reservations r where r.id = p_reservation_id returning r.id into v_ended;
  if v_ended is null then
    -- Another call finished it while this one waited for the lock: counted there, not here.
    return query select false, null::text, null::integer, null::integer, null::integer, null::integer;
    return;
  end if;
  if p_count > 0 then
    update public.usage u set used = u.used + p_count, updated_at = p_now
      where u.user_id = v_user and u.month = v_month;
  end if;
  return query select true, s.tier, s.monthly_limit, s.used, s.reserved, s.remaining
    from public.usage_status(v_user, p_now) s;
end;
$$;
