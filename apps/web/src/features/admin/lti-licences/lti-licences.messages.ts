import { type Licence } from '@examprep/contracts/types';

/** Texts of /lti-licences (issue 30, ADR 0040); the form's checks quote LICENCE_MESSAGES. */
export const LTI_LICENCES_MESSAGES = {
  title: 'School Licences',
  accessDenied: 'Access Denied - This page is only available to administrators.',
  intro:
    'A licence gives a school seats of chosen products for a term: each learner launching from its LMS takes one seat and gets the products until the term ends or you free the seat.',
  loading: 'Loading licences...',
  loadFailed: 'Failed to load the licences.',
  tryAgain: 'Try Again',
  dismiss: 'Dismiss',

  filterHeading: 'Filter licences',
  platformFilter: 'Platform',
  allPlatforms: 'All platforms',
  noPlatforms: 'Register the school’s LMS platform first: a licence belongs to one.',
  platformsLink: 'LMS Platforms',

  tableCaption: 'Seat licences',
  columns: {
    name: 'Name',
    platform: 'Platform',
    products: 'Products',
    seats: 'Seats used',
    term: 'Term',
    status: 'Status',
    actions: 'Actions',
  },
  statuses: {
    scheduled: 'Scheduled',
    active: 'Active',
    ended: 'Ended',
  } satisfies Record<Licence['status'], string>,
  /** A licence whose platform registration was deleted. */
  unknownPlatform: 'Deleted platform',
  seatsUsed: (used: number, seats: number) =>
    `${used.toLocaleString('en-US')} / ${seats.toLocaleString('en-US')}`,
  seatsTaken: (used: number, seats: number) =>
    `${used.toLocaleString('en-US')} of ${seats.toLocaleString('en-US')} seats taken`,
  empty: 'No licences yet.',
  newLicence: 'New licence',
  edit: 'Edit',
  seats: 'Seats',
  /** The rest of a row button's name: which licence it acts on. */
  which: (name: string) => `licence ${name}`,
  saved: (name: string) => `${name} is saved.`,

  addTitle: 'New licence',
  editTitle: 'Edit licence',
  platformLabel: 'LMS platform',
  choosePlatform: 'Choose a platform',
  nameLabel: 'Name',
  nameHelp: 'How the school and cohort are known here, e.g. "Nightingale College, Spring 2027".',
  productsLabel: 'Products',
  productsHelp: 'Priced products only: free ones need no licence.',
  productsLoading: 'Loading products...',
  productsFailed: 'Failed to load the products.',
  seatsLabel: 'Seats',
  seatsHelp: (used: number) =>
    used > 0 ? `${used.toLocaleString('en-US')} taken: no fewer than that.` : undefined,
  startsOnLabel: 'Start date',
  endsOnLabel: 'End date',
  termHelp: 'The term runs from the start date to the end date, both included (UTC).',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',

  seatsTitle: (name: string) => `Seats of ${name}`,
  seatsCaption: 'Seat holders',
  seatColumns: { email: 'Email', takenAt: 'Taken at', actions: 'Actions' },
  seatsLoading: 'Loading seats...',
  seatsFailed: 'Failed to load the seats.',
  noSeats: 'No seats taken yet.',
  close: 'Close',
  freeSeat: 'Free seat',
  freeing: 'Freeing…',
  confirmFreeTitle: 'Free this seat?',
  confirmFree: (email: string) =>
    `${email} loses the products of this licence; the seat is free for another learner.`,
  freed: (email: string) => `The seat of ${email} is free.`,
} as const;
