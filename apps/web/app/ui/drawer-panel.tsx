// The drawer itself on Radix Dialog: focus trapped inside, Escape closes, focus returns to the control that opened
// it. Loaded only once a drawer first opens (ui/drawer.tsx): Radix and its helpers are a third of the layout's code.
import { Dialog } from 'radix-ui';
import type { DrawerProps } from './drawer.tsx';
import { CloseIcon } from './icons.tsx';

export default function DrawerPanel({
  open,
  onOpenChange,
  title,
  side = 'left',
  trigger,
  children,
  closeLabel = 'Close',
}: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-side={side}
          aria-describedby={undefined}
          className={`drawer-panel fixed inset-y-0 z-50 flex w-[85vw] max-w-modal-sm flex-col bg-white shadow-theme focus:outline-none ${side === 'left' ? 'left-0' : 'right-0'}`}
        >
          <div className="flex items-center justify-between border-b border-black/10 px-1 py-0.5">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-[44px] items-center justify-center rounded-theme"
              aria-label={closeLabel}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-1 py-1">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
