/** The note over a result shown again from My Creations. */
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

/** The line over a result shown again from My Creations after a reload, with the way to all of them. */
export function KeptNote({ children }: { children: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {children}{" "}
      <Link to={paths.creations} className="font-medium text-primary underline underline-offset-2">
        See all your creations
      </Link>
    </p>
  );
}
