/** The app's navigation: every tool in sidebar order, then My Creations, Convert Anything and Explore. */
import { useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { Camera, Compass, ExternalLink, Images, Wand2 } from "lucide-react";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from "@/components/ui/sidebar";
import { BRAND_NAME } from "@/config/brand";
import { BrandLogo } from "@/components/brand-logo";
import { PlanBadge } from "@/components/plan-badge";
import { externalLinks, paths } from "@/config/paths";
import { allTools } from "@/tools/registry";
import { useAllowance } from "@/hooks/use-allowance";
import { useNeededPlan } from "@/hooks/use-needed-plan";
import { toast } from "sonner";
import { ExploreDialog } from "@/features/explore/explore-dialog";
import { authPathFor } from "@/lib/auth-redirect";

/** The app's navigation (SPEC 2.1), in the spec's order. */
export function AppSidebar() {
  const { isMobile, setOpenMobile } = useSidebar();
  const [exploreOpen, setExploreOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const allowance = useAllowance();
  // Said before the dialog opens (issue 27 §1): the plan Convert Anything needs, beside its name.
  const customNeeds = useNeededPlan("custom");

  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  async function openConvertAnything() {
    closeDrawer();
    const target = `${paths.home}?custom=true`;
    // The same check as the tool itself makes (lib/allowance, gates in config/tiers), asked before
    // the dialog opens: signed out goes to the login, and a plan that cannot be read says so.
    const check = await allowance.check({ feature: "custom" });
    // Off for the plan or the month's limit: the dialog itself says why and offers the upgrade.
    if (check.ok || check.reason === "feature" || check.reason === "limit") navigate(target);
    else if (check.reason === "signed-out") navigate(authPathFor(target));
    else if (check.reason === "error") {
      console.error("Could not check the plan", check.error);
      toast.error("We couldn't check your plan. Check your connection and try again.");
    }
  }

  return (
    <>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild size="lg" tooltip={BRAND_NAME}>
                <NavLink to={paths.home} onClick={closeDrawer}>
                  <BrandLogo className="text-base" />
                </NavLink>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Tools</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {allTools().map((item) => {
                  const Icon = item.icon;
                  const active =
                    location.pathname === item.path &&
                    !(item.path === paths.home && location.search.includes("custom=true"));
                  return (
                    <SidebarMenuItem key={item.path}>
                      <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
                        <NavLink to={item.path} end onClick={closeDrawer}>
                          <Icon aria-hidden="true" />
                          <span>{item.label}</span>
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
          <SidebarSeparator />
          <SidebarGroup>
            <SidebarGroupLabel>More</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                <SidebarMenuItem>
                  <SidebarMenuButton
                    asChild
                    isActive={location.pathname === paths.creations}
                    tooltip="My Creations"
                  >
                    <NavLink to={paths.creations} end onClick={closeDrawer}>
                      <Images aria-hidden="true" />
                      <span>My Creations</span>
                    </NavLink>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton
                    asChild
                    tooltip={customNeeds ? `Convert Anything (${customNeeds})` : "Convert Anything"}
                  >
                    <a
                      href="#"
                      onClick={(e) => {
                        e.preventDefault();
                        void openConvertAnything();
                      }}
                    >
                      <Wand2 aria-hidden="true" />
                      <span className="whitespace-nowrap">Convert Anything</span>
                      {customNeeds && (
                        <PlanBadge
                          plan={customNeeds}
                          className="ml-auto px-1 group-data-[collapsible=icon]:hidden"
                        />
                      )}
                    </a>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild tooltip="Explore">
                    <a
                      href="#explore"
                      onPointerEnter={ExploreDialog.preload}
                      onFocus={ExploreDialog.preload}
                      onClick={(e) => {
                        e.preventDefault();
                        closeDrawer();
                        setExploreOpen(true);
                      }}
                    >
                      <Compass aria-hidden="true" />
                      <span>Explore</span>
                    </a>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild tooltip={externalLinks.sharePhotos.label}>
                    <a href={externalLinks.sharePhotos.href} target="_blank" rel="noopener noreferrer">
                      <Camera aria-hidden="true" />
                      <span>{externalLinks.sharePhotos.label}</span>
                      <ExternalLink aria-hidden="true" className="ml-auto size-3.5" />
                      <span className="sr-only">{" (opens in a new tab)"}</span>
                    </a>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
        <SidebarRail />
      </Sidebar>
      <ExploreDialog open={exploreOpen} onOpenChange={setExploreOpen} />
    </>
  );
}
