// A medium modal (spec core §9 modal sizes; Radix Dialog: focus trapped, Escape and a backdrop click close it): a
// brand-coloured bar with what the caller puts there and the close button, then the body. Callers name the dialog
// with a Dialog.Title of their own (in the bar or the body) and describe it with describedBy.
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

export function Modal(props: {
  onClose(): void;
  describedBy: string;
  testId: string;
  /** data-* attributes on the dialog (the view or step a test waits for). */
  data?: Record<`data-${string}`, string>;
  bar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={props.describedBy}
          data-testid={props.testId}
          {...props.data}
          className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[92vw] max-w-modal-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme bg-white shadow-theme focus:outline-none"
        >
          <div className="flex items-center justify-between rounded-t-theme bg-brand px-1 py-0.5 text-white">
            {props.bar}
            <Dialog.Close
              className="inline-flex size-[44px] items-center justify-center rounded-theme"
              aria-label="Close"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="flex flex-col gap-1 p-1">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
