import { type LtiPlatform, type LtiPlatformStatus } from '@examprep/contracts/types';

/** Texts of /lti-platforms (issue 30, ADR 0040); the form's checks quote LTI_MESSAGES. */
export const LTI_PLATFORMS_MESSAGES = {
  title: 'LMS Platforms',
  accessDenied: 'Access Denied - This page is only available to administrators.',
  intro:
    'Schools launch the tool from their LMS (Canvas, Moodle, Blackboard...) with LTI 1.3. Give their LMS admin the tool details below, then register their platform here, or activate the one their dynamic registration made.',
  loading: 'Loading LMS platforms...',
  loadFailed: 'Failed to load the LMS platforms.',
  tryAgain: 'Try Again',
  dismiss: 'Dismiss',

  toolHeading: 'Tool details for your LMS',
  toolIntro: 'What an LMS admin pastes into Canvas, Moodle or any LTI 1.3 platform.',
  toolFields: {
    loginUrl: 'OIDC login initiation URL',
    launchUrl: 'Redirect / launch URL',
    jwksUrl: 'Public keyset (JWKS) URL',
    registrationUrl: 'Dynamic registration URL',
    domain: 'Domain',
  },
  copy: 'Copy',
  copied: 'Copied',
  copyRefused:
    'Could not copy: the value is selected in its field, press Ctrl+C (⌘C on a Mac) to copy it.',

  tableCaption: 'Registered LMS platforms',
  columns: {
    name: 'Name',
    issuer: 'Issuer',
    clientId: 'Client ID',
    deployments: 'Deployments',
    status: 'Status',
    registeredBy: 'Registered by',
    updated: 'Updated',
    actions: 'Actions',
  },
  statuses: {
    active: 'Active',
    pending: 'Pending',
    disabled: 'Disabled',
  } satisfies Record<LtiPlatformStatus, string>,
  registeredBy: {
    admin: 'Admin',
    dynamic: 'Dynamic registration',
  } satisfies Record<LtiPlatform['registeredBy'], string>,
  pendingNote: 'Made by dynamic registration: check it and activate it',
  empty: 'No LMS registered yet.',
  register: 'Register a platform',
  edit: 'Edit',
  activate: 'Activate',
  disable: 'Disable',
  delete: 'Delete',
  /** The school's seat licences on this platform (/lti-licences). */
  licences: 'Licences',
  /** The rest of a row button's name: which platform it acts on. */
  which: (name: string) => `platform ${name}`,
  statusChanged: (name: string, status: string) => `${name} is now ${status.toLowerCase()}.`,
  statusFailed: (name: string, message: string) => `Could not change ${name}: ${message}`,

  addTitle: 'Register a platform',
  editTitle: 'Edit platform',
  nameLabel: 'Name',
  nameHelp: 'How the school or LMS is known here, e.g. "Springfield College Canvas".',
  issuerLabel: 'Issuer',
  issuerHelp: "The LMS's issuer (iss), e.g. https://canvas.instructure.com.",
  clientIdLabel: 'Client ID',
  deploymentIdsLabel: 'Deployment IDs',
  deploymentIdsHelp: 'One per line.',
  authUrlLabel: 'Authentication request URL',
  tokenUrlLabel: 'Access token URL',
  jwksUrlLabel: 'Keyset URL',
  statusLabel: 'Status',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',

  confirmDeleteTitle: 'Delete this platform?',
  confirmDelete: (name: string) =>
    `Delete the registration of ${name}? Launches from it stop working.`,
  deleting: 'Deleting…',
} as const;
