import { type ViewMode } from '@examprep/contracts/types';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { translateError } from '../../shared/errors';
import { useSetViewMode, useViewMode } from './infinite-qbank-api';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

/**
 * Admins only: 'View as: Admin | Learner' (admin spec §6). Learner view shows the Infinite
 * QBank exactly as learners see it; switching reloads the course list.
 */
export function ViewModeToggle({ fallback }: { fallback: ViewMode | null }) {
  const current = useViewMode(true);
  const setMode = useSetViewMode();
  const mode: ViewMode = setMode.isPending
    ? setMode.variables
    : (current.data?.mode ?? fallback ?? 'admin');

  return (
    <div className="d-flex flex-column align-items-start align-items-sm-end gap-1">
      <div className="d-flex align-items-center gap-2" role="group" aria-labelledby="qbank-view-as">
        <span id="qbank-view-as" className="small text-body-secondary">
          {T.viewAs}
        </span>
        <ToggleButtonGroup
          type="radio"
          name="qbank-view-mode"
          size="sm"
          value={mode}
          onChange={(next: ViewMode) => {
            if (next !== mode) setMode.mutate(next);
          }}
        >
          <ToggleButton
            id="qbank-view-admin"
            value="admin"
            variant="outline-secondary"
            disabled={setMode.isPending}
          >
            {T.viewAdmin}
          </ToggleButton>
          <ToggleButton
            id="qbank-view-learner"
            value="learner"
            variant="outline-secondary"
            disabled={setMode.isPending}
          >
            {T.viewLearner}
          </ToggleButton>
        </ToggleButtonGroup>
      </div>
      <span className="small text-body-secondary">
        {mode === 'admin' ? T.viewHelpAdmin : T.viewHelpLearner}
      </span>
      {setMode.isError ? (
        <span className="small text-danger" role="alert">
          {`${T.viewFailed} ${translateError(setMode.error)}`}
        </span>
      ) : null}
    </div>
  );
}
