-- ---------------------------------------------------------------------------------------------------
-- support_requests: the browser roles choose only what a request says, never its id or its time.
--
-- 20261122000000_init.sql granted INSERT on the whole table to authenticated, so a user's client could
-- send its own `id` (and collide with, or predict, ids) or backdate / postdate `created_at` (which the
-- support team sorts by). From here on `authenticated` may insert exactly the three columns a request
-- is made of; `id` and `created_at` always take their defaults (gen_random_uuid(), now()). An insert
-- naming any other column is refused with 42501 "permission denied for table support_requests".
-- Reading is unchanged (select on every column, row-level security still shows each user their own
-- rows), and so are the policies: user_id must still be the caller's own.
-- ---------------------------------------------------------------------------------------------------
revoke insert on table public.support_requests from authenticated;
grant insert (user_id, type, description) on table public.support_requests to authenticated;
