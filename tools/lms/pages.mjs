// The platform's pages: plain server-rendered HTML (labels, headings, tables, buttons; no
// external assets), with data-testid attributes where a browser test reads a value.
import { MESSAGE, PLATFORM_NAME } from './lti.mjs';
import { COURSES, membersOf } from './seed.mjs';

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
const e = escapeHtml;

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d2733;background:#f6f7f9}
header{background:#24466b;color:#fff;padding:.75rem 1.5rem}header a{color:#fff;margin-right:1rem}
header h1{margin:0 0 .25rem;font-size:1.4rem}main{padding:1rem 1.5rem;max-width:70rem}
section{background:#fff;border:1px solid #d5dae1;border-radius:6px;padding:1rem;margin:1rem 0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d5dae1;padding:.3rem .5rem;text-align:left}
caption{text-align:left;font-weight:600;padding:.3rem 0}form.inline{display:inline}
button{margin:.15rem;padding:.3rem .7rem;border:1px solid #24466b;background:#e8eef6;border-radius:4px;cursor:pointer}
label{display:block;font-weight:600;margin-top:.75rem}input,textarea{width:100%;max-width:40rem;padding:.3rem}
.message{background:#e6f4ea;border:1px solid #7bb38a;padding:.5rem 1rem;border-radius:4px}
.error{background:#fdecea;border:1px solid #d9534f;padding:.5rem 1rem;border-radius:4px}
dt{font-weight:600}dd{margin:0 0 .5rem;font-family:monospace}`;

/** A page of the stand-in (its `data:` icon: browsers then ask for no /favicon.ico, a 404). */
export function layout(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${e(title)} · ${e(PLATFORM_NAME)}</title>
<style>${CSS}</style></head><body><header><h1>${e(PLATFORM_NAME)}</h1>
<nav aria-label="Main"><a href="/">Courses</a><a href="/tools">Tools</a><a href="/tools/new">Register a tool by hand</a><a href="/tools/register">Register a tool (Dynamic Registration)</a></nav></header>
<main>${body}</main></body></html>`;
}

export function errorPage(status, code, message) {
  return layout(
    'Error',
    `<h2>Request refused (HTTP ${status})</h2><div class="error" role="alert">
<p>Error: <code data-testid="error-code">${e(code)}</code></p><p data-testid="error-message">${e(message)}</p></div>
<p><a href="/">Back to the courses</a></p>`,
  );
}

const roleName = (member, contextId) => member.roles[contextId];

function launchButtons(link, contextId) {
  return membersOf(contextId)
    .map(
      (
        m,
      ) => `<form class="inline" method="post" action="/launch"><input type="hidden" name="link" value="${e(link.id)}">
<input type="hidden" name="sub" value="${e(m.sub)}"><button type="submit" data-testid="launch-${e(link.id)}-${e(m.sub)}">Launch as ${e(m.name)} (${e(roleName(m, contextId))})</button></form>`,
    )
    .join('');
}

function contentList(lms, course) {
  const links = lms.store.state.links.filter((l) => l.contextId === course.id);
  if (links.length === 0) return '<p>No content yet.</p>';
  const toolName = (clientId) =>
    lms.store.state.tools.find((t) => t.clientId === clientId)?.name ?? 'removed tool';
  return `<ul>${links
    .map(
      (l) =>
        `<li data-testid="link-${e(l.id)}"><strong>${e(l.title)}</strong> (${e(toolName(l.clientId))}, resource link <code>${e(l.id)}</code>)<br>${launchButtons(l, course.id)}</li>`,
    )
    .join('')}</ul>`;
}

function addContent(lms, course) {
  const instructor = membersOf(course.id).find((m) => m.roles[course.id] === 'Instructor');
  if (lms.store.state.tools.length === 0) {
    return '<p>No tool is registered yet: <a href="/tools/new">register one by hand</a> or <a href="/tools/register">by Dynamic Registration</a>.</p>';
  }
  return lms.store.state.tools
    .map(
      (
        t,
      ) => `<form class="inline" method="post" action="/launch"><input type="hidden" name="context" value="${e(course.id)}">
<input type="hidden" name="client_id" value="${e(t.clientId)}"><input type="hidden" name="sub" value="${e(instructor.sub)}">
<input type="hidden" name="message_type" value="${MESSAGE.deepLinking}"><button type="submit" data-testid="add-content-${e(course.id)}-${e(t.clientId)}">Add content from ${e(t.name)}</button></form>`,
    )
    .join('');
}

const cell = (testid, value) => `<td data-testid="${e(testid)}">${e(value ?? '')}</td>`;

function gradebook(lms, course) {
  const items = lms.store.state.lineItems.filter((li) => li.contextId === course.id);
  if (items.length === 0) return '<p>No line items yet.</p>';
  const rows = items.flatMap((li) =>
    membersOf(course.id).map((m) => {
      const s = lms.store.state.scores.find((x) => x.lineItemId === li.id && x.userId === m.sub);
      const id = `grade-${li.id}-${m.sub}`;
      const score = s && s.scoreGiven !== undefined ? `${s.scoreGiven} / ${s.scoreMaximum}` : '';
      return `<tr data-testid="${e(id)}"><th scope="row">${e(li.label)} <small>(max ${e(li.scoreMaximum)})</small></th>
<td>${e(m.name)}</td>${cell(`${id}-score`, score)}${cell(`${id}-activity`, s?.activityProgress)}${cell(`${id}-grading`, s?.gradingProgress)}${cell(`${id}-timestamp`, s?.timestamp)}${cell(`${id}-comment`, s?.comment)}</tr>`;
    }),
  );
  return `<table data-testid="gradebook-${e(course.id)}"><caption>Gradebook of ${e(course.label)}</caption>
<thead><tr><th scope="col">Line item</th><th scope="col">Member</th><th scope="col">Score</th><th scope="col">Activity</th><th scope="col">Grading</th><th scope="col">Timestamp</th><th scope="col">Comment</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>`;
}

/** `/`: per course its content (launch buttons per member), Add content, the gradebook. */
export function homePage(lms, q) {
  const notes = [
    q.get('message') &&
      `<p class="message" role="status" data-testid="message">${e(q.get('message'))}</p>`,
    q.get('lti_msg') &&
      `<p class="message" role="status" data-testid="lti-msg">The tool says: ${e(q.get('lti_msg'))}</p>`,
    q.get('lti_errormsg') &&
      `<p class="error" role="alert" data-testid="lti-errormsg">The tool reports an error: ${e(q.get('lti_errormsg'))}</p>`,
  ].filter(Boolean);
  const courses = COURSES.map(
    (c) => `<section aria-labelledby="course-${e(c.id)}" data-testid="course-${e(c.id)}">
<h2 id="course-${e(c.id)}">${e(c.label)}: ${e(c.title)}</h2>
<h3>Content</h3>${contentList(lms, c)}
<h3>Add content</h3>${addContent(lms, c)}
<h3>Grades</h3>${gradebook(lms, c)}
<h3>Members</h3><ul>${membersOf(c.id)
      .map((m) => `<li>${e(m.name)}: ${e(roleName(m, c.id))} <code>${e(m.sub)}</code></li>`)
      .join('')}</ul></section>`,
  );
  return layout('Courses', `${notes.join('')}${courses.join('')}`);
}

/** The platform's endpoints, as an admin pastes them into a tool. */
function platformList(lms, tool) {
  const row = (label, testid, value) =>
    `<dt>${e(label)}</dt><dd data-testid="${testid}">${e(value)}</dd>`;
  return `<dl>${row('Issuer (platform ID)', 'platform-issuer', lms.issuer)}
${tool ? row('Client ID', 'client-id', tool.clientId) + row('Deployment ID', 'deployment-id', tool.deploymentId) : ''}
${row('Authorization endpoint (OIDC auth)', 'auth-endpoint', lms.urls.auth)}
${row('Access token URL', 'token-endpoint', lms.urls.token)}
${row('Keyset URL (JWKS)', 'jwks-url', lms.urls.jwks)}
${row('OpenID configuration', 'openid-configuration', lms.urls.openidConfiguration)}</dl>`;
}

export function toolsPage(lms) {
  const tools = lms.store.state.tools;
  const rows = tools
    .map(
      (
        t,
      ) => `<tr data-testid="tool-${e(t.clientId)}"><th scope="row">${e(t.name)}</th><td><code>${e(t.clientId)}</code></td>
<td><code>${e(t.deploymentId)}</code></td><td>${e(t.registeredVia)}</td><td>${e(t.initiateLoginUri)}</td>
<td>${t.redirectUris.map(e).join('<br>')}</td><td>${e(t.jwksUri)}</td><td>${e(t.deepLinkingUrl ?? '')}</td></tr>`,
    )
    .join('');
  const table = tools.length
    ? `<table><caption>Registered tools</caption><thead><tr><th scope="col">Name</th><th scope="col">Client ID</th><th scope="col">Deployment ID</th><th scope="col">Registered</th><th scope="col">Login initiation URL</th><th scope="col">Redirect URIs</th><th scope="col">JWKS URL</th><th scope="col">Deep linking URL</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No tool is registered yet.</p>';
  return layout('Tools', `<h2>Tools</h2>${table}<h2>This platform</h2>${platformList(lms)}`);
}

const field = (name, label, hint = '', type = 'url') =>
  `<label for="${name}">${e(label)}</label>${hint ? `<small id="${name}-hint">${e(hint)}</small>` : ''}
<input id="${name}" name="${name}" type="${type}"${hint ? ` aria-describedby="${name}-hint"` : ''}>`;

export function newToolPage() {
  return layout(
    'Register a tool',
    `<h2>Register a tool by hand</h2><form method="post" action="/tools">
${field('name', 'Tool name', '', 'text')}
${field('initiate_login_uri', 'OIDC login initiation URL')}
<label for="redirect_uris">Redirect (launch) URLs</label><small id="redirect_uris-hint">One per line.</small>
<textarea id="redirect_uris" name="redirect_uris" rows="3" aria-describedby="redirect_uris-hint"></textarea>
${field('jwks_uri', "JWKS URL (the tool's public keys)")}
${field('target_link_uri', 'Target link URL', 'Optional: the default launch URL; the first redirect URL when empty.')}
${field('deep_linking_url', 'Deep linking URL', 'Optional: where Add content launches; the target link URL when empty.')}
<p><button type="submit">Save the tool</button></p></form>`,
  );
}

export function toolCreatedPage(lms, tool) {
  return layout(
    'Tool registered',
    `<h2>${e(tool.name)} is registered</h2><p class="message" role="status">Paste these values into the tool.</p>
${platformList(lms, tool)}<p><a href="/">Back to the courses</a></p>`,
  );
}

export function registerPage() {
  return layout(
    'Dynamic Registration',
    `<h2>Register a tool (LTI Dynamic Registration)</h2>
<p>The platform opens the tool's registration page with its OpenID configuration and a one-time registration token.</p>
<form method="post" action="/tools/register">${field('tool_registration_url', 'Tool registration URL')}
<p><button type="submit">Register</button></p></form>`,
  );
}
