/** The page for any unknown path, with the ways back into the app. */
import { Link } from "react-router-dom";
import { BookOpen, Home, LifeBuoy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Any unknown path (SPEC 2.19). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-green-50 to-background px-4 text-center dark:from-green-950/30">
      <p aria-hidden="true" className="text-7xl font-black text-primary/80">
        404
      </p>
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for might have been removed, had its name changed, or is temporarily
        unavailable.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home}>
            <Home aria-hidden="true" className="size-4" />
            Return to Home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.help}>
            <LifeBuoy aria-hidden="true" className="size-4" />
            Help Center
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.documentation}>
            <BookOpen aria-hidden="true" className="size-4" />
            Documentation
          </Link>
        </Button>
      </div>
    </main>
  );
}

export default NotFoundPage;
