import { Construction } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

type UpcomingPageProps = { title: string; description: string };

/**
 * A page whose tool is not built yet: its title and what it will do, and an honest notice instead of
 * controls that would not work.
 */
export function UpcomingPage({ title, description }: UpcomingPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <Alert>
        <Construction aria-hidden="true" className="size-4" />
        <AlertTitle>Not available yet</AlertTitle>
        <AlertDescription>
          This part of the app is still being built. Please check back soon.
        </AlertDescription>
      </Alert>
    </div>
  );
}
