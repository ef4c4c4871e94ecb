// Names and Role Provisioning Services 2.0, platform side: the membership of a context, with the
// `role` filter and `limit` paging (a Link rel="next" header) of the spec.
import { HttpError, sendJson } from './http.mjs';
import { CONTEXT_ROLE, MEDIA, SCOPE } from './lti.mjs';
import { requireScope } from './oauth.mjs';
import { courseById, membersOf } from './seed.mjs';

/**
 * One page of `items` by the URL's `limit` and `offset`, with the Link header of the next page
 * (absent on the last). Without `limit`, everything.
 */
export function pageOf(items, url) {
  const limitText = url.searchParams.get('limit');
  if (limitText === null) return { page: items, headers: {} };
  const limit = Number(limitText);
  const offset = Number(url.searchParams.get('offset') ?? '0');
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
    throw new HttpError(400, 'invalid_request', 'limit must be an integer >= 1 and offset >= 0');
  }
  const page = items.slice(offset, offset + limit);
  if (offset + limit >= items.length) return { page, headers: {} };
  const next = new URL(url);
  next.searchParams.set('offset', String(offset + limit));
  return { page, headers: { link: `<${next}>; rel="next"` } };
}

/** A role filter matches the full URI or the short name (`Learner`), as NRPS allows. */
const roleMatches = (uri, filter) => uri === filter || uri.endsWith(`#${filter}`);

export async function listMemberships(lms, req, res, { params, url }) {
  await requireScope(lms, req, [SCOPE.memberships]);
  const course = courseById(params.context);
  if (!course) throw new HttpError(404, 'not_found', `no context "${params.context}"`);
  const role = url.searchParams.get('role');
  const members = membersOf(course.id)
    .map((m) => ({
      status: 'Active',
      user_id: m.sub,
      roles: [CONTEXT_ROLE[m.roles[course.id]]],
      name: m.name,
      given_name: m.given_name,
      family_name: m.family_name,
      email: m.email,
    }))
    .filter((m) => role === null || m.roles.some((r) => roleMatches(r, role)));
  const { page, headers } = pageOf(members, url);
  sendJson(
    res,
    200,
    {
      id: url.toString(),
      context: { id: course.id, label: course.label, title: course.title },
      members: page,
    },
    MEDIA.membershipContainer,
    headers,
  );
}
