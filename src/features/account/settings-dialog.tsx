/** The Settings dialog: display name, notifications and theme, kept in this browser. */
import { useEffect, useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Monitor, Moon, Sun, Trash2, type LucideIcon } from "lucide-react";
import { DeleteCreationsDialog, DELETE_ALL_TITLE } from "@/components/delete-creations-dialog";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Separator } from "@/components/ui/separator";
import { Switch } from "@/components/ui/switch";
import { useUser } from "@/lib/auth";
import {
  DISPLAY_NAME_MAX_LENGTH,
  isTheme,
  readPreferences,
  savePreferences,
  setThemePreview,
  type Preferences,
  type Theme,
} from "@/lib/preferences";
import type { AccountDialogProps } from "./dialog-props";
import { initialOf } from "./initial";

const THEME_OPTIONS: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

function NotificationSwitch({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

/** The form, mounted while the dialog is open: it starts from the saved preferences every time. */
function SettingsForm({ onDone }: { onDone: () => void }) {
  const user = useUser();
  const [draft, setDraft] = useState<Preferences>(readPreferences);
  const ids = { name: useId(), theme: useId(), creations: useId() };
  const [confirmDeleteCreations, setConfirmDeleteCreations] = useState(false);

  // A theme picked here is shown at once; closing without saving (Cancel, Escape, X) forgets it.
  useEffect(() => () => setThemePreview(null), []);

  const update = (patch: Partial<Preferences>) => setDraft((current) => ({ ...current, ...patch }));

  const onThemeChange = (value: string) => {
    if (!isTheme(value)) return;
    update({ theme: value });
    setThemePreview(value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      savePreferences(draft);
    } catch (error) {
      console.error("Could not save the settings", error);
      toast.error("Failed to save settings.");
      return;
    }
    setThemePreview(null);
    toast.success("Settings saved successfully!");
    onDone();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6">
      <section aria-label="Profile" className="grid gap-4">
        <div className="flex items-center gap-3 sm:gap-4">
          <Avatar className="size-12 text-lg sm:size-14 sm:text-xl">
            <AvatarFallback className="bg-primary font-semibold text-primary-foreground">
              {initialOf(draft.displayName.trim(), user?.email)}
            </AvatarFallback>
          </Avatar>
          <Button type="button" variant="outline" size="sm" disabled>
            Change Picture (Coming Soon)
          </Button>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>Display name</Label>
          <Input
            id={ids.name}
            value={draft.displayName}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
            onChange={(event) => update({ displayName: event.target.value })}
          />
        </div>
      </section>

      <Separator />

      <section aria-labelledby={`${ids.theme}-notifications`} className="grid gap-4">
        <h3 id={`${ids.theme}-notifications`} className="text-sm font-semibold">
          Notifications
        </h3>
        <NotificationSwitch
          label="Email notifications"
          description="News about your account and new styles by email."
          checked={draft.emailNotifications}
          onCheckedChange={(checked) => update({ emailNotifications: checked })}
        />
        <NotificationSwitch
          label="Push notifications"
          description="Alerts in this browser when a conversion is ready."
          checked={draft.pushNotifications}
          onCheckedChange={(checked) => update({ pushNotifications: checked })}
        />
      </section>

      <Separator />

      <section className="grid gap-3">
        <h3 id={ids.theme} className="text-sm font-semibold">
          Theme
        </h3>
        <RadioGroup
          aria-labelledby={ids.theme}
          value={draft.theme}
          onValueChange={onThemeChange}
          className="grid grid-cols-3 gap-2"
        >
          {THEME_OPTIONS.map((option) => {
            const id = `${ids.theme}-${option.value}`;
            return (
              <Label
                key={option.value}
                htmlFor={id}
                className="flex cursor-pointer flex-col items-center gap-2 rounded-md border p-3 text-sm transition-colors hover:bg-accent hover:text-accent-foreground has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent has-[[data-state=checked]]:text-accent-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
              >
                <option.icon aria-hidden="true" className="size-5" />
                <span className="flex items-center gap-2">
                  <RadioGroupItem id={id} value={option.value} className="focus-visible:ring-0" />
                  {option.label}
                </span>
              </Label>
            );
          })}
        </RadioGroup>
      </section>

      {user && (
        <>
          <Separator />
          <section aria-labelledby={ids.creations} className="grid gap-2">
            <h3 id={ids.creations} className="text-sm font-semibold">
              My Creations
            </h3>
            <p className="text-sm text-muted-foreground">
              Your results are kept in this browser for your account. Deleting them doesn&apos;t change your
              conversions used.
            </p>
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => setConfirmDeleteCreations(true)}
            >
              <Trash2 aria-hidden="true" />
              {DELETE_ALL_TITLE}
            </Button>
            <DeleteCreationsDialog
              userId={user.id}
              open={confirmDeleteCreations}
              onOpenChange={setConfirmDeleteCreations}
            />
          </section>
        </>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Save Changes</Button>
      </DialogFooter>
    </form>
  );
}

/** "Settings" (SPEC 2.9, 3): display name, notifications and the theme, kept in this browser. */
export function SettingsDialog({ open, onOpenChange, onCloseAutoFocus }: AccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Your name, notifications and theme, saved in this browser.</DialogDescription>
        </DialogHeader>
        <SettingsForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
