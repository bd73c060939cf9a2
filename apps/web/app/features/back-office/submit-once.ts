// A confirmation form that moves money or changes an account posts once, however fast it is clicked: the button is
// disabled while the post is on its way, and this also drops a second submit that arrives before that re-render (a
// double click). When the answer comes back (a refusal, say) the form may be sent again. Without JavaScript the API's
// own guarantees (a decision is taken once) still hold.
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigation } from 'react-router';

export function useSubmitOnce(): { busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void } {
  const state = useNavigation().state;
  const sent = useRef(false);
  useEffect(() => {
    if (state === 'idle') sent.current = false;
  }, [state]);
  return {
    busy: state !== 'idle',
    onSubmit(event) {
      if (sent.current) event.preventDefault();
      sent.current = true;
    },
  };
}
