create table public.help_articles (
  id bigint generated always as identity primary key,
  title text not null,
  content text not null
);
alter table public.help_articles enable row level security;
create policy "help articles are public" on public.help_articles for select to anon, authenticated using (true);
insert into public.help_articles (title, content) values ('Getting Started', 'x');
