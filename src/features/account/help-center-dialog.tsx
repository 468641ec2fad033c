/** The Help Center dialog: the help articles, and the way on to Contact Support. */
import { LifeBuoy, RotateCw } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { helpArticlesErrorMessage, useHelpArticles } from "@/lib/help-articles";
import { BRAND_NAME } from "@/config/brand";
import type { AccountDialogProps } from "./dialog-props";

function HelpArticles() {
  const articles = useHelpArticles();

  if (articles.isPending) {
    return (
      <div role="status" aria-label="Loading help articles" className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        ))}
      </div>
    );
  }

  if (articles.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{helpArticlesErrorMessage(articles.error)}</AlertTitle>
        <div className="col-start-2 grid justify-items-start gap-2 text-sm">
          <p>Check your connection and try again.</p>
          <Button
            variant="outline"
            size="sm"
            className="text-foreground"
            disabled={articles.isFetching}
            onClick={() => void articles.refetch()}
          >
            <RotateCw aria-hidden="true" className={articles.isFetching ? "animate-spin" : undefined} />
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  if (articles.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No help articles found</p>;
  }

  return (
    <ul aria-label="Help articles" className="grid gap-3">
      {articles.data.map((article) => (
        <li key={article.id}>
          <article
            aria-labelledby={`help-article-${article.id}`}
            className="rounded-lg border bg-card p-4 text-card-foreground"
          >
            <h3 id={`help-article-${article.id}`} className="font-semibold">
              {article.title}
            </h3>
            <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
              {article.content}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** "Help Center" (SPEC 2.9): the help_articles rows in id order. */
export function HelpCenterDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  onContactSupport,
}: AccountDialogProps & { onContactSupport: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden sm:max-w-2xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>Help Center</DialogTitle>
          <DialogDescription>Answers to common questions about {BRAND_NAME}.</DialogDescription>
        </DialogHeader>
        {/* The articles scroll between a fixed title and fixed buttons; focusable for keyboard scrolling. */}
        <div
          tabIndex={0}
          className="-mx-6 min-h-0 overflow-y-auto px-6 py-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          <HelpArticles />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onContactSupport}>
            <LifeBuoy aria-hidden="true" />
            Contact Support
          </Button>
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
