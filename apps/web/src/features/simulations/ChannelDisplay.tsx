import { type KeyboardEvent } from 'react';
import { type PumpChannel, type PumpChannelReading } from '@examprep/contracts/types';
import { type ChannelField } from './pump-face.state';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

export interface ChannelDisplayProps {
  channel: PumpChannel;
  /** False for the idle channel of a single-pump question: it reads 0. */
  active: boolean;
  /** False in Time mode (the keypad is locked) and on the idle channel. */
  editable: boolean;
  values: PumpChannelReading;
  /** The field of this channel the keypad writes into, if any. */
  focused: ChannelField | null;
  inputId: (field: ChannelField) => string;
  onFocusField: (field: ChannelField) => void;
  onType: (field: ChannelField, raw: string) => void;
  onEnter: (field: ChannelField) => void;
}

const FIELDS: ChannelField[] = ['rate', 'vtbi'];

/** One channel of the pump: RATE (mL/hr) and VTBI (mL) as LCD readouts that take digits. */
export function ChannelDisplay(props: ChannelDisplayProps) {
  const { channel, active, editable, values, focused } = props;
  const onKeyDown = (field: ChannelField) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onEnter(field);
    }
  };
  return (
    <section
      className={`pump-channel${active ? '' : ' pump-channel-idle'}`}
      aria-label={T.channel(channel)}
    >
      <h3 className="pump-channel-title h6 mb-2">
        {T.channel(channel)}
        {active ? null : (
          <span className="pump-channel-idle-note d-block small">{T.channelInactive}</span>
        )}
      </h3>
      <div className="pump-lcd">
        {FIELDS.map((field) => (
          <div
            key={field}
            className={`pump-lcd-row${focused === field ? ' pump-lcd-row-active' : ''}`}
          >
            <label htmlFor={props.inputId(field)} className="visually-hidden">
              {field === 'rate' ? T.rateLabel(channel) : T.vtbiLabel(channel)}
            </label>
            <span className="pump-lcd-caption" aria-hidden="true">
              {field === 'rate' ? T.rateShort : T.vtbiShort}
            </span>
            <input
              id={props.inputId(field)}
              className="pump-lcd-input"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              readOnly={!editable}
              value={values[field]}
              onFocus={() => props.onFocusField(field)}
              onChange={(e) => props.onType(field, e.target.value)}
              onKeyDown={onKeyDown(field)}
            />
            <span className="pump-lcd-unit" aria-hidden="true">
              {field === 'rate' ? T.rateUnit : T.vtbiUnit}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
