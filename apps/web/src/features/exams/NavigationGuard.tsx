import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

function RouterBlock({ when }: { when: boolean }) {
  // The screen's own way out after a submit carries { testSubmitted: true }.
  const blocker = useBlocker(
    ({ nextLocation }) =>
      when && !(nextLocation.state as { testSubmitted?: boolean } | null)?.testSubmitted,
  );
  useEffect(() => {
    // Navigation is simply refused while blocked; the screen shows the reason.
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  return null;
}

/**
 * While `when`: no navigation inside the app (react-router useBlocker, when the app runs in a
 * data router — App.tsx) and the browser asks before the tab is closed or reloaded
 * (beforeunload). Learner spec §4 Full test: submitting blocks navigation and tab close.
 */
export function NavigationGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <RouterBlock when={when} /> : null;
}
