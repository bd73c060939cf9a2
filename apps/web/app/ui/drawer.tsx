// A side drawer (ui/drawer-panel.tsx, on Radix Dialog). Until it first opens only its trigger is on the page, with
// the attributes Radix gives a closed dialog's trigger: the page's first load carries no dialog code, and the panel
// is fetched when someone opens a drawer (docs/storefront.md Performance).
import { cloneElement, isValidElement, lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';

export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  side?: 'left' | 'right';
  /** The control that opens the drawer (rendered as the Radix trigger so aria-expanded/controls stay in sync). */
  trigger?: ReactNode;
  children: ReactNode;
  closeLabel?: string;
}

const loadPanel = () => import('./drawer-panel.tsx');
const DrawerPanel = lazy(loadPanel);

/**
 * The trigger of a drawer not loaded yet: a click asks to open it (the panel then takes the trigger over). Pointing
 * at it or focusing it starts loading the panel, so it is usually there by the time the click lands.
 */
function ClosedTrigger({ trigger, onOpen }: { trigger: ReactNode; onOpen(): void }) {
  if (!isValidElement<{ onClick?: (event: MouseEvent) => void }>(trigger)) return <>{trigger}</>;
  const own = trigger.props.onClick;
  const preload = () => void loadPanel();
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onPointerDown: preload,
    onFocus: preload,
    onClick: (event: MouseEvent) => {
      own?.(event);
      if (!event.defaultPrevented) onOpen();
    },
  } as Record<string, unknown>);
}

export function Drawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  const closed = props.trigger ? (
    <ClosedTrigger trigger={props.trigger} onOpen={() => props.onOpenChange(true)} />
  ) : null;
  if (!used) return closed;
  return (
    <Suspense fallback={closed}>
      <DrawerPanel {...props} />
    </Suspense>
  );
}
