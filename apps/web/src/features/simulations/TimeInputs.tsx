import { PUMP_LIMITS } from '@examprep/contracts/types';
import Form from 'react-bootstrap/Form';
import { useId } from 'react';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

export interface TimeInputsProps {
  hours: string;
  minutes: string;
  onChange: (part: 'hours' | 'minutes', raw: string) => void;
}

/** Time mode's hour and minute inputs (learner spec §5: digits only, at most 2 characters). */
export function TimeInputs({ hours, minutes, onChange }: TimeInputsProps) {
  const id = useId();
  const input = (part: 'hours' | 'minutes', label: string, hint: string, value: string) => (
    <div className="pump-time-field">
      <Form.Label htmlFor={`${id}-${part}`} className="small fw-semibold mb-1">
        {label}
      </Form.Label>
      <Form.Control
        id={`${id}-${part}`}
        className="pump-time-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={PUMP_LIMITS.timeInputMaxDigits}
        aria-describedby={`${id}-${part}-hint`}
        value={value}
        onChange={(e) => onChange(part, e.target.value)}
      />
      <p id={`${id}-${part}-hint`} className="pump-time-hint small mb-0 mt-1">
        {hint}
      </p>
    </div>
  );
  return (
    <fieldset className="pump-time">
      <legend className="h6">{T.timeLegend}</legend>
      <div className="d-flex align-items-start gap-2">
        {input('hours', T.hoursLabel, T.hoursHint, hours)}
        <span className="pump-time-colon" aria-hidden="true">
          :
        </span>
        {input('minutes', T.minutesLabel, T.minutesHint, minutes)}
      </div>
    </fieldset>
  );
}
