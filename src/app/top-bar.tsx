/** The top bar above every page: Pricing, Documentation and the account control. */
import { Link } from "react-router-dom";
import { BookOpen, CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SidebarTrigger } from "@/components/ui/sidebar";
import { Separator } from "@/components/ui/separator";
import { paths } from "@/config/paths";
import { BrandLogo } from "@/components/brand-logo";
import { UserMenu } from "@/features/account/user-menu";

/** Top bar (SPEC 2.1): Pricing, Documentation and the account control. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mr-1 h-5" />
      <Link to={paths.home} className="md:hidden" aria-label="Cucumber.AI home">
        <BrandLogo showName={false} />
      </Link>
      <nav aria-label="Account" className="ml-auto flex items-center gap-1 sm:gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to={paths.pricing}>
            <CreditCard aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Pricing</span>
          </Link>
        </Button>
        <Button variant="ghost" size="sm" asChild>
          <Link to={paths.documentation}>
            <BookOpen aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Documentation</span>
          </Link>
        </Button>
        <UserMenu />
      </nav>
    </header>
  );
}
