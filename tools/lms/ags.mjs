// Assignment and Grade Services 2.0, platform side: line items of a context (each owned by the
// tool that made it), scores posted to them, and their results.
//
// Scores: the platform keeps the latest score per (line item, user). A score whose timestamp is
// not after the stored one is refused with 409 Conflict (AGS 2.0 §3.4: "the platform MUST NOT
// update a result if the last timestamp on record is later than the incoming score update"; it
// "may" answer an error, and we do, so a tool's out-of-order posts show in its tests).
import { HttpError, readJson, sendEmpty, sendJson } from './http.mjs';
import { ACTIVITY_PROGRESS, GRADING_PROGRESS, MEDIA, SCOPE } from './lti.mjs';
import { requireScope } from './oauth.mjs';
import { courseById, membersOf } from './seed.mjs';
import { pageOf } from './nrps.mjs';

const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const optionalString = (v) => v === undefined || typeof v === 'string';
const isTimestamp = (v) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v));

function contextOf(params) {
  const course = courseById(params.context);
  if (!course) throw new HttpError(404, 'not_found', `no context "${params.context}"`);
  return course;
}

/** A line item as the AGS media type shows it (id = its URL). */
export function lineItemJson(lms, li) {
  return {
    id: lms.urls.lineItem(li.contextId, li.id),
    scoreMaximum: li.scoreMaximum,
    label: li.label,
    ...(li.resourceId !== undefined ? { resourceId: li.resourceId } : {}),
    ...(li.tag !== undefined ? { tag: li.tag } : {}),
    ...(li.resourceLinkId !== undefined ? { resourceLinkId: li.resourceLinkId } : {}),
    ...(li.startDateTime !== undefined ? { startDateTime: li.startDateTime } : {}),
    ...(li.endDateTime !== undefined ? { endDateTime: li.endDateTime } : {}),
  };
}

/** The fields of a line item body (POST or PUT), or a 400 naming the bad one. */
export function lineItemFields(lms, contextId, clientId, body) {
  const bad = (m) => new HttpError(400, 'invalid_request', m);
  if (!isFiniteNumber(body.scoreMaximum) || body.scoreMaximum <= 0)
    throw bad('scoreMaximum must be a number > 0');
  if (typeof body.label !== 'string' || body.label.trim() === '')
    throw bad('label must be a non-empty string');
  for (const k of ['resourceId', 'tag', 'resourceLinkId'])
    if (!optionalString(body[k])) throw bad(`${k} must be a string`);
  for (const k of ['startDateTime', 'endDateTime']) {
    if (body[k] !== undefined && !isTimestamp(body[k]))
      throw bad(`${k} must be an ISO 8601 date-time`);
  }
  if (body.resourceLinkId !== undefined) {
    const link = lms.store.state.links.find((l) => l.id === body.resourceLinkId);
    if (!link || link.contextId !== contextId || link.clientId !== clientId) {
      throw bad(`resourceLinkId "${body.resourceLinkId}" is no link of this tool in ${contextId}`);
    }
  }
  const { scoreMaximum, label, resourceId, tag, resourceLinkId, startDateTime, endDateTime } = body;
  return { scoreMaximum, label, resourceId, tag, resourceLinkId, startDateTime, endDateTime };
}

/** Creates a line item (from the AGS POST or a deep linking content item). */
export function createLineItem(lms, contextId, clientId, fields) {
  const li = {
    id: `li-${lms.store.next('lineItem')}`,
    contextId,
    clientId,
    ...fields,
    createdAt: new Date().toISOString(),
  };
  lms.store.state.lineItems.push(li);
  lms.store.save();
  return li;
}

/** The line item :id of the context, owned by the caller's tool (404 otherwise). */
function ownLineItem(lms, params, tool) {
  const li = lms.store.state.lineItems.find(
    (x) => x.id === params.id && x.contextId === params.context && x.clientId === tool.clientId,
  );
  if (!li)
    throw new HttpError(
      404,
      'not_found',
      `no line item "${params.id}" of this tool in ${params.context}`,
    );
  return li;
}

const READ_LINE_ITEMS = [SCOPE.lineItem, SCOPE.lineItemReadOnly];

export async function listLineItems(lms, req, res, { params, url }) {
  const { tool } = await requireScope(lms, req, READ_LINE_ITEMS);
  const course = contextOf(params);
  const q = url.searchParams;
  const items = lms.store.state.lineItems.filter(
    (li) =>
      li.contextId === course.id &&
      li.clientId === tool.clientId &&
      (!q.has('resource_link_id') || li.resourceLinkId === q.get('resource_link_id')) &&
      (!q.has('resource_id') || li.resourceId === q.get('resource_id')) &&
      (!q.has('tag') || li.tag === q.get('tag')),
  );
  const { page, headers } = pageOf(items, url);
  sendJson(
    res,
    200,
    page.map((li) => lineItemJson(lms, li)),
    MEDIA.lineItemContainer,
    headers,
  );
}

export async function postLineItem(lms, req, res, { params }) {
  const { tool } = await requireScope(lms, req, [SCOPE.lineItem]);
  const course = contextOf(params);
  const body = await readJson(req, [MEDIA.lineItem]);
  const li = createLineItem(
    lms,
    course.id,
    tool.clientId,
    lineItemFields(lms, course.id, tool.clientId, body),
  );
  sendJson(res, 201, lineItemJson(lms, li), MEDIA.lineItem, {
    location: lms.urls.lineItem(course.id, li.id),
  });
}

export async function getLineItem(lms, req, res, { params }) {
  const { tool } = await requireScope(lms, req, READ_LINE_ITEMS);
  sendJson(res, 200, lineItemJson(lms, ownLineItem(lms, params, tool)), MEDIA.lineItem);
}

export async function putLineItem(lms, req, res, { params }) {
  const { tool } = await requireScope(lms, req, [SCOPE.lineItem]);
  const li = ownLineItem(lms, params, tool);
  const body = await readJson(req, [MEDIA.lineItem]);
  // AGS 2.0: the line item's binding to a resource link is the platform's; a PUT cannot move it
  const fields = lineItemFields(lms, li.contextId, tool.clientId, {
    ...body,
    resourceLinkId: li.resourceLinkId,
  });
  Object.assign(li, fields);
  lms.store.save();
  sendJson(res, 200, lineItemJson(lms, li), MEDIA.lineItem);
}

export async function deleteLineItem(lms, req, res, { params }) {
  const { tool } = await requireScope(lms, req, [SCOPE.lineItem]);
  const li = ownLineItem(lms, params, tool);
  const state = lms.store.state;
  state.lineItems = state.lineItems.filter((x) => x !== li);
  state.scores = state.scores.filter((s) => s.lineItemId !== li.id);
  lms.store.save();
  sendEmpty(res, 204);
}

/** The fields of a score body, or a 400 naming the bad one. */
function scoreFields(course, body) {
  const bad = (m) => new HttpError(400, 'invalid_request', m);
  if (typeof body.userId !== 'string' || body.userId === '') throw bad('userId is required');
  if (!isTimestamp(body.timestamp)) throw bad('timestamp must be an ISO 8601 date-time');
  if (!ACTIVITY_PROGRESS.includes(body.activityProgress)) {
    throw bad(`activityProgress must be one of ${ACTIVITY_PROGRESS.join(', ')}`);
  }
  if (!GRADING_PROGRESS.includes(body.gradingProgress)) {
    throw bad(`gradingProgress must be one of ${GRADING_PROGRESS.join(', ')}`);
  }
  if (body.scoreGiven !== undefined) {
    if (!isFiniteNumber(body.scoreGiven) || body.scoreGiven < 0)
      throw bad('scoreGiven must be a number >= 0');
    if (!isFiniteNumber(body.scoreMaximum) || body.scoreMaximum <= 0) {
      throw bad('scoreMaximum (a number > 0) is required with scoreGiven');
    }
  }
  if (!optionalString(body.comment)) throw bad('comment must be a string');
  const {
    userId,
    scoreGiven,
    scoreMaximum,
    activityProgress,
    gradingProgress,
    timestamp,
    comment,
  } = body;
  if (!course.members.includes(userId))
    throw bad(`userId "${userId}" is not a member of ${course.id}`);
  return {
    userId,
    scoreGiven,
    scoreMaximum,
    activityProgress,
    gradingProgress,
    timestamp,
    comment,
  };
}

export async function postScore(lms, req, res, { params }) {
  const { tool } = await requireScope(lms, req, [SCOPE.score]);
  const li = ownLineItem(lms, params, tool);
  const body = await readJson(req, [MEDIA.score]);
  const members = membersOf(li.contextId).map((m) => m.sub);
  const score = scoreFields({ id: li.contextId, members }, body);
  const state = lms.store.state;
  const stored = state.scores.find((s) => s.lineItemId === li.id && s.userId === score.userId);
  if (stored && Date.parse(stored.timestamp) >= Date.parse(score.timestamp)) {
    throw new HttpError(
      409,
      'conflict',
      `a score of ${stored.timestamp} is on record; this one is of ${score.timestamp}`,
    );
  }
  const record = { lineItemId: li.id, ...score, receivedAt: new Date().toISOString() };
  if (stored) Object.assign(stored, record);
  else state.scores.push(record);
  lms.store.save();
  sendEmpty(res, 204);
}

export async function listResults(lms, req, res, { params, url }) {
  const { tool } = await requireScope(lms, req, [SCOPE.resultReadOnly]);
  const li = ownLineItem(lms, params, tool);
  const userId = url.searchParams.get('user_id');
  const lineItemUrl = lms.urls.lineItem(li.contextId, li.id);
  const results = lms.store.state.scores
    .filter((s) => s.lineItemId === li.id && (userId === null || s.userId === userId))
    .map((s) => ({
      id: `${lineItemUrl}/results/${encodeURIComponent(s.userId)}`,
      scoreOf: lineItemUrl,
      userId: s.userId,
      ...(s.scoreGiven !== undefined
        ? { resultScore: s.scoreGiven, resultMaximum: s.scoreMaximum }
        : {}),
      ...(s.comment !== undefined ? { comment: s.comment } : {}),
    }));
  const { page, headers } = pageOf(results, url);
  sendJson(res, 200, page, MEDIA.resultContainer, headers);
}
