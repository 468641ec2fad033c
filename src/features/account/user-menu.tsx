import { useInRouterContext, useNavigate } from "react-router-dom";
import { LogIn, LogOut, User as UserIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { useSignOut } from "@/features/auth/api";

function initialOf(email: string | undefined) {
  return email?.trim().charAt(0).toUpperCase() || "U";
}

function AvatarButton({ email, ...props }: { email?: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu" {...props}>
      <Avatar className="size-8">
        <AvatarFallback className="bg-primary text-primary-foreground">
          {email ? initialOf(email) : <UserIcon aria-hidden="true" className="size-4" />}
        </AvatarFallback>
      </Avatar>
    </Button>
  );
}

function RoutedUserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();

  if (auth.status !== "signed-in") {
    return (
      <Button size="sm" onClick={() => navigate(paths.auth)} disabled={auth.status === "loading"}>
        <LogIn aria-hidden="true" className="size-4" />
        Log In
      </Button>
    );
  }

  const email = auth.user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AvatarButton email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate font-normal">
          <span className="block text-xs text-muted-foreground">Signed in as</span>
          <span className="block truncate font-medium">{email ?? "No email available"}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The account control of the top bar; outside a router it is a plain avatar (SPEC 2.9). */
export function UserMenu() {
  const inRouter = useInRouterContext();
  return inRouter ? <RoutedUserMenu /> : <AvatarButton />;
}
