// Placeholder until this page is built (a helper is writing it now); wired in src/app/routes.tsx.
import { UpcomingPage } from "@/pages/upcoming-page";

export function PaymentPage() {
  return <UpcomingPage title="Complete Payment" description="Coming soon." />;
}
