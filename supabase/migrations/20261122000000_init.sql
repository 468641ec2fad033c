-- Initial schema: help articles (public, read-only), support requests (each user's own) and
-- subscriptions (each user's own tier). Standard Postgres/Supabase SQL: a hosted project gets it with
-- `supabase db push`; locally @supabase/lite applies it to PGlite when the Vite dev/preview server boots.
--
-- Access model (defence in depth): table privileges say which API roles may run which command at all,
-- and row-level security says which rows they may touch. Anything not granted below is refused with
-- 42501 (insufficient_privilege) before any policy is looked at.

-- ---------------------------------------------------------------------------------------------------
-- help_articles: public, read-only through the API. Seeded here; edited only by migrations.
-- ---------------------------------------------------------------------------------------------------
create table public.help_articles (
  id bigint generated always as identity primary key,
  title text not null,
  content text not null
);

comment on table public.help_articles is 'Help center articles, listed by ascending id. Read-only through the API.';

alter table public.help_articles enable row level security;

create policy "Help articles are readable by everyone"
  on public.help_articles
  for select
  to anon, authenticated
  using (true);

revoke all on table public.help_articles from anon, authenticated;
grant select on table public.help_articles to anon, authenticated;

insert into public.help_articles (title, content)
values
  (
    'Getting Started',
    'Create an account on the Login page with your email address and a password, or log in if you already have one. '
    || 'Pick a style from the sidebar (for example Cucumber, Hulk, Muppet or Simpsons), then drop a photo onto the upload area or click Select Image. '
    || 'When the AI has finished, your original and the restyled image appear side by side, and the download button saves the result as a PNG.'
  ),
  (
    'How to Use Our AI Conversions',
    'Upload a JPG, PNG or WEBP photo (images under 5MB work best), wait a few moments while the AI restyles it, then download the PNG result. '
    || 'Try Another Image starts over with a new photo; on the Standard and Premium plans, Try Another Version asks the AI for a different take on the same photo, and from the Basic plan up, Convert Anything lets you describe your own transformation in words. '
    || 'Every successful transformation uses one conversion, and conversions are counted per calendar month, so your allowance starts fresh on the first day of each month.'
  ),
  (
    'Subscription Plans',
    'Every account starts on the free Freemium plan with 3 conversions per month. '
    || 'Basic ($5/month) gives you 20 conversions per month, Standard ($10/month) 40, and Premium ($30/month) 130. '
    || 'Conversions reset at the start of each calendar month and unused ones do not carry over; you can change your plan at any time on the Pricing page (payment is a demo, so no real charge is made).'
  ),
  (
    'Troubleshooting Common Issues',
    'If an upload is rejected or the result looks blurry, try a clear, well-lit JPG, PNG or WEBP photo under 5MB. '
    || 'If you have used all your conversions for this month, upgrade your plan on the Pricing page or wait until your conversions reset at the start of next month. '
    || 'If the AI is busy or a conversion fails, wait a moment and try again (adding your own image service API key on the page also helps when the shared default key has run out of quota). '
    || 'Still stuck? Choose Support in the account menu and send us a request.'
  );

-- ---------------------------------------------------------------------------------------------------
-- support_requests: a signed-in user files requests and sees only their own. No edits, no deletes.
-- ---------------------------------------------------------------------------------------------------
create table public.support_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  description text not null
    constraint support_requests_description_check
    check (char_length(description) between 1 and 5000 and description ~ '\S'),
  type text not null default 'Technical Issue'
    constraint support_requests_type_check
    check (type in ('Technical Issue', 'Billing Question', 'Feature Request', 'Other')),
  created_at timestamptz not null default now()
);

comment on table public.support_requests is 'Support requests filed by signed-in users; each user sees only their own.';

create index support_requests_user_id_created_at_idx on public.support_requests (user_id, created_at desc);

alter table public.support_requests enable row level security;

create policy "Users can file their own support requests"
  on public.support_requests
  for insert
  to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can read their own support requests"
  on public.support_requests
  for select
  to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.support_requests from anon, authenticated;
grant select, insert on table public.support_requests to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- subscriptions: one row per user holding the internal tier name. No row means Freemium (app logic).
-- ---------------------------------------------------------------------------------------------------
create table public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  tier text not null
    constraint subscriptions_tier_check
    check (tier in ('Freemium', '$5/month', '$10/month', '$30/month')),
  updated_at timestamptz not null default now()
);

comment on table public.subscriptions is 'Each user''s subscription tier (internal names). A user without a row is on Freemium.';

alter table public.subscriptions enable row level security;

create policy "Users can read their own subscription"
  on public.subscriptions
  for select
  to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own subscription"
  on public.subscriptions
  for insert
  to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can change their own subscription"
  on public.subscriptions
  for update
  to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

revoke all on table public.subscriptions from anon, authenticated;
grant select, insert, update on table public.subscriptions to authenticated;

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

create trigger set_subscriptions_updated_at
  before update on public.subscriptions
  for each row
  execute function public.set_updated_at();
