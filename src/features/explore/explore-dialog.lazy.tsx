/** The Explore External Tools dialog: links to the company's other tools. */
import { ExternalLink, FileText, Image as ImageIcon, Receipt } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { externalLinks } from "@/config/paths";

const TOOLS = [
  {
    ...externalLinks.sharePhotos,
    icon: ImageIcon,
    text: "Share your photos with the world.",
  },
  {
    ...externalLinks.pdfTool,
    icon: FileText,
    text: "Merge and change PDFs and presentations, with live comments and questions.",
  },
  {
    ...externalLinks.invoices,
    icon: Receipt,
    text: "Create invoices and receipts in real time.",
  },
];

/** "Explore External Tools" (SPEC 2.5); loaded on demand through ExploreDialog. */
export function ExploreToolsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Explore External Tools</DialogTitle>
          <DialogDescription>
            Discover these useful tools for your creative and productive needs
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 sm:grid-cols-3">
          {TOOLS.map((tool) => (
            <li key={tool.href} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
              <tool.icon aria-hidden="true" className="size-6 text-primary" />
              <div className="flex-1">
                <h3 className="font-semibold">{tool.label}</h3>
                <p className="text-sm text-muted-foreground">{tool.text}</p>
              </div>
              <Button asChild variant="outline" size="sm">
                <a
                  href={tool.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Visit ${tool.label} (opens in a new tab)`}
                >
                  Visit
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </Button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
