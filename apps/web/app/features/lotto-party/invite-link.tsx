// The group's invite link (features §2; issue 16: "an invite link with copy-to-clipboard and a share sheet on
// phones"): the link itself, readable and selectable without JavaScript; Copy writes it to the clipboard; Share opens
// the phone's share sheet (Web Share API), offered only where the browser has one and the pointer is a finger.
import { useEffect, useState } from 'react';
import { inviteLink } from './lotto-party-rules.ts';

export function InviteLink({ origin, token }: { origin: string; token: string }) {
  const link = inviteLink(origin, token);
  const [canShare, setCanShare] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches);
  }, []);
  const copy = () => {
    if (!navigator.clipboard) {
      setNotice('Copying is not available here: select the link and copy it.');
      return;
    }
    navigator.clipboard.writeText(link).then(
      () => setNotice('Invite link copied.'),
      () => setNotice('Copying is not available here: select the link and copy it.'),
    );
  };
  const share = () => {
    navigator.share({ title: 'Join my Lotto Party group', url: link }).catch(() => undefined);
  };
  return (
    <section aria-labelledby="invite-title" className="rounded-theme border border-black/15 p-1" data-testid="invite">
      <h2 id="invite-title" className="mb-0.5 text-xl font-bold">
        Invite friends
      </h2>
      <p className="mb-0.5">Anyone with this link can join the group.</p>
      <label htmlFor="invite-link" className="sr-only">
        Invite link
      </label>
      <input
        id="invite-link"
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        className="mb-0.5 block min-h-[44px] w-full rounded-theme border border-[#767676] bg-white px-0.5 text-sm"
        data-testid="invite-link"
      />
      <div className="flex flex-wrap gap-0.5">
        <button type="button" className="btn btn-primary" onClick={copy}>
          Copy link
        </button>
        {canShare ? (
          <button type="button" className="btn btn-secondary" onClick={share}>
            Share
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-0.5 min-h-[1.5em] text-sm" data-testid="invite-notice">
        {notice}
      </p>
    </section>
  );
}
