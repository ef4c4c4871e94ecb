import type { DeepLinkOption } from '@examprep/contracts/types';
import Form from 'react-bootstrap/Form';
import { type Ref } from 'react';
import { type PickSettings } from './lti-deep-link';
import { LTI_DEEP_LINK_MESSAGES as T } from './lti-deep-link.messages';

/**
 * One option of the picker: a checkbox (a radio where the LMS takes one item), its description,
 * and once picked its settings: the link's title in the LMS and, for a test where the LMS makes
 * gradebook columns, whether it is graded. The settings' names end with the option's title
 * (their visible label first), so each field of several picks has its own name.
 */
export function DeepLinkOptionItem({
  id,
  option,
  single,
  groupName,
  settings,
  offerGraded,
  titleError,
  titleRef,
  onPick,
  onChange,
}: {
  /** The element ids' stem. */
  id: string;
  option: DeepLinkOption;
  /** A radio of the group `groupName`. */
  single: boolean;
  groupName: string;
  /** null: not picked. */
  settings: PickSettings | null;
  offerGraded: boolean;
  titleError: string | undefined;
  titleRef: Ref<HTMLInputElement>;
  onPick: (picked: boolean) => void;
  onChange: (change: Partial<PickSettings>) => void;
}) {
  const titleDescribedBy = [`${id}-title-help`, titleError ? `${id}-title-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-3">
      <Form.Check
        id={id}
        type={single ? 'radio' : 'checkbox'}
        name={single ? groupName : undefined}
        checked={settings !== null}
        onChange={(e) => onPick(e.target.checked)}
        label={<span className="fw-semibold">{option.title}</span>}
        aria-describedby={`${id}-description`}
      />
      <Form.Text id={`${id}-description`} className="d-block ps-4">
        {option.description}
      </Form.Text>
      {settings ? (
        <div className="ps-4 mt-2">
          {offerGraded ? (
            <div className="mb-2">
              <Form.Check
                id={`${id}-graded`}
                type="checkbox"
                checked={settings.graded}
                onChange={(e) => onChange({ graded: e.target.checked })}
                label={T.graded}
                aria-label={T.forItem(T.graded, option.title)}
                aria-describedby={`${id}-graded-help`}
              />
              <Form.Text id={`${id}-graded-help`} className="d-block">
                {T.gradedHint}
              </Form.Text>
            </div>
          ) : null}
          <Form.Group controlId={`${id}-title`}>
            <Form.Label className="small mb-1">{T.linkTitle}</Form.Label>
            <Form.Control
              ref={titleRef}
              type="text"
              size="sm"
              autoComplete="off"
              aria-label={T.forItem(T.linkTitle, option.title)}
              value={settings.title}
              onChange={(e) => onChange({ title: e.target.value })}
              isInvalid={!!titleError}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleDescribedBy}
            />
            <Form.Text id={`${id}-title-help`}>{T.linkTitleHint}</Form.Text>
            <Form.Control.Feedback id={`${id}-title-error`} type="invalid">
              {titleError}
            </Form.Control.Feedback>
          </Form.Group>
        </div>
      ) : null}
    </div>
  );
}
