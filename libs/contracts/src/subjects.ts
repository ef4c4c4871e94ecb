/**
 * Every NATS subject of the system, in one place (STYLE.md §1). Request/reply patterns are
 * `<service>.<action>`; JetStream facts are `events.<fact>`. Nothing else may spell a subject.
 * Each subject's request and reply (or event payload) types sit in its area's
 * `*.messages.ts` map, composed into `RpcMap` and `EventMap` (rpc-map.ts): a subject added
 * here without its types there does not compile. Per-entity core NATS notices (functions of the
 * entity's id, such as `identity.userChanged`) are typed by `NoticeMap` there.
 */
export const Subjects = {
  announcements: {
    list: 'announcements.list',
    create: 'announcements.create',
    update: 'announcements.update',
    delete: 'announcements.delete',
  },
  identity: {
    createUser: 'identity.createUser',
    me: 'identity.me',
    allowSignup: 'identity.allowSignup',
    setAllowSignup: 'identity.admin.setAllowSignup',
    updateDefaultDashboard: 'identity.updateDefaultDashboard',
    resendVerification: 'identity.resendVerification',
    passwordReset: 'identity.passwordReset',
    captchaIssue: 'identity.captcha.issue',
    captchaVerify: 'identity.captcha.verify',
    listAuthUsers: 'identity.admin.listAuthUsers',
    listUsers: 'identity.admin.listUsers',
    refreshUsers: 'identity.admin.refreshUsers',
    deleteUser: 'identity.admin.deleteUser',
    deleteUserData: 'identity.admin.deleteUserData',
    generateTestToken: 'identity.admin.generateTestToken',
    /** Whether a user exists (in the identity provider or as a user document); admins only. */
    userExists: 'identity.admin.userExists',
    /** Service to service (schools): the account of an LMS user, made on their first launch. */
    ltiProvision: 'identity.lti.provision',
    /**
     * Core NATS notice per user (NoticeMap, not request/reply): `identity.userChanged.<uid>`,
     * the SSE fan-out of the gateway's /api/me/events.
     */
    userChanged: (uid: string): `identity.userChanged.${string}` => `identity.userChanged.${uid}`,
  },
  qbank: {
    listQuestions: 'qbank.questions.list',
    exportQuestions: 'qbank.questions.export',
    facets: 'qbank.questions.facets',
    getQuestion: 'qbank.questions.get',
    createQuestion: 'qbank.questions.create',
    updateQuestion: 'qbank.questions.update',
    duplicateQuestion: 'qbank.questions.duplicate',
    deleteQuestion: 'qbank.questions.delete',
    listCourses: 'qbank.courses.list',
    setTopicFlags: 'qbank.courses.setTopicFlags',
    infiniteCourses: 'qbank.infinite.courses',
    generateBatch: 'qbank.infinite.generateBatch',
    check: 'qbank.infinite.check',
    setViewMode: 'qbank.infinite.setViewMode',
    getViewMode: 'qbank.infinite.getViewMode',
    /** The pump simulator (learner spec §2): a problem for the controls, and its check. */
    pumpGenerate: 'qbank.pump.generate',
    pumpCheck: 'qbank.pump.check',
    /**
     * Service to service (testing, issue 29): generated items by id or by topic and seed, for
     * the weak-spots batch, under the same topic and pump rules as generateBatch.
     */
    generateItems: 'qbank.infinite.generateItems',
    /** Service to service (testing): the questions a new test snapshots, with answers. */
    pool: 'qbank.questions.pool',
  },
  catalog: {
    listProducts: 'catalog.products.list',
    checkAccess: 'catalog.access.check',
    checkSimulationsAccess: 'catalog.access.simulations',
    createCheckoutSession: 'catalog.checkout.create',
    /** What became of the learner's own payment (the payment result page). */
    checkoutResult: 'catalog.checkout.result',
    stripeWebhook: 'catalog.stripe.webhook',
    /** The local test checkout (dev/test only; the catalog refuses it otherwise). */
    devCheckoutView: 'catalog.devCheckout.view',
    devCheckoutComplete: 'catalog.devCheckout.complete',
    updateUserPurchases: 'catalog.admin.updateUserPurchases',
    userPurchases: 'catalog.admin.userPurchases',
  },
  testing: {
    createTest: 'testing.tests.create',
    getTest: 'testing.tests.get',
    unfinishedTest: 'testing.tests.unfinished',
    submitQuizAnswer: 'testing.answers.check',
    savePracticeAnswer: 'testing.answers.save',
    submitTest: 'testing.tests.submit',
    deleteTest: 'testing.tests.delete',
    flagQuestion: 'testing.answers.flag',
    gradebook: 'testing.gradebook',
    userTests: 'testing.admin.userTests',
    exportTest: 'testing.admin.exportTest',
    /** Service to service (media): is a question in one of the learner's tests, and may its answer media be shown? */
    mediaAccess: 'testing.media.access',
    /** Item analysis (ADR 0037), admins only. */
    itemStatsList: 'testing.admin.itemStats.list',
    itemStatsGet: 'testing.admin.itemStats.get',
    itemErrorRates: 'testing.admin.itemStats.errorRates',
    /** The learning engine (issue 29, ADR 0039): the learner's own mastery, readiness and plan. */
    learningSummary: 'testing.learning.summary',
    learningReadiness: 'testing.learning.readiness',
    weakSpots: 'testing.learning.weakSpots',
    getStudyPlan: 'testing.learning.plan.get',
    setStudyPlan: 'testing.learning.plan.set',
    learningExport: 'testing.learning.export',
    learningDelete: 'testing.learning.delete',
    /** The reminder mail's one-click unsubscribe (no sign-in: the link's token is the key). */
    unsubscribeReminders: 'testing.learning.unsubscribe',
    /** Admins only: a user's mastery and readiness, read-only. */
    userLearning: 'testing.admin.learning',
    /**
     * Service to service (schools): a test started from an LMS assignment (issue 30), the
     * learner's own, carrying the assignment's link into its events.test.submitted.
     */
    createLinkedTest: 'testing.lti.createTest',
    /** Service to service (schools): a learner's tests of one LMS assignment. */
    linkedTests: 'testing.lti.tests',
    /** Service to service (schools): a class's learners' tests and TEAS readiness. */
    classReport: 'testing.lti.classReport',
  },
  media: {
    sign: 'media.sign',
    workbookVideo: 'media.workbooks.video',
    download: 'media.downloads.sign',
    pdf: 'media.pdf.locate',
    stamp: 'media.pdf.stamp',
    workbook: 'media.workbooks.get',
    createUpload: 'media.admin.createUpload',
    /** Service to service (qbank): commit staged uploads to a question's paths. */
    commitQuestionMedia: 'media.questions.commit',
    /** Service to service (qbank): delete replaced or removed objects. */
    deleteObjects: 'media.questions.deleteObjects',
    /** Service to service (qbank): existing question media, for the list's has/missing filters. */
    questionMediaIndex: 'media.questions.index',
  },
  /** Schools (issue 30, ADR 0040): LTI 1.3 registrations, launches and the sign-in bridge. */
  schools: {
    /** Admins only: platform registrations. */
    listPlatforms: 'schools.admin.platforms.list',
    createPlatform: 'schools.admin.platforms.create',
    updatePlatform: 'schools.admin.platforms.update',
    deletePlatform: 'schools.admin.platforms.delete',
    /** Public: the tool's keys, an LTI login initiation, a launch, a dynamic registration. */
    jwks: 'schools.lti.jwks',
    login: 'schools.lti.login',
    launch: 'schools.lti.launch',
    register: 'schools.lti.register',
    /** Keycloak's identity provider `lti` (ADR 0040): the launch's ticket → code → id_token. */
    bridgeAuthorize: 'schools.lti.bridge.authorize',
    bridgeToken: 'schools.lti.bridge.token',
    /** The instructor's pending deep linking request, and its signed answer. */
    getDeepLink: 'schools.lti.deepLinks.get',
    respondDeepLink: 'schools.lti.deepLinks.respond',
    /** Public: the page that posts an answered request's signed response to the LMS (one-time). */
    sendDeepLink: 'schools.lti.deepLinks.send',
    /** A learner's LMS assignment that opens a test, and starting it. */
    getAssignment: 'schools.lti.assignments.get',
    startAssignment: 'schools.lti.assignments.start',
    /** Admins only: seat licences. */
    listLicences: 'schools.admin.licences.list',
    createLicence: 'schools.admin.licences.create',
    updateLicence: 'schools.admin.licences.update',
    licenceSeats: 'schools.admin.licences.seats',
    releaseSeat: 'schools.admin.licences.releaseSeat',
    /** Instructors only, on the classes they teach (the launches' memberships). */
    instructorClasses: 'schools.instructor.classes',
    classGradebook: 'schools.instructor.gradebook',
    classItems: 'schools.instructor.items',
  },
  /** Every service answers `<service>.health` so the gateway's /readyz can see it. */
  health: <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`,
} as const;

/**
 * The services that exist. A new service adds itself here when it lands, and in the lists
 * that name services: eslint.config.mjs (Nest files), deploy/docker/mongo-init and
 * healthcheck.cjs, docker-compose.yml and k8s/base/kustomization.yaml (DOWNSTREAM_SERVICES).
 */
export const ServiceNames = [
  'announcements',
  'catalog',
  'identity',
  'media',
  'qbank',
  'schools',
  'testing',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

/**
 * Facts that are published today, each with at least one consumer or listener (a unit spec,
 * events-in-use.spec.ts, fails on a fact nobody publishes or nobody reads). A service that
 * publishes a new fact adds it here together with its payload type in its area's `*Events` map
 * (e.g. the media service's question.mediaChanged), and its reader declares a
 * `@JetStreamConsumer` or `@EventListener` (nest-kit).
 */
export const Events = {
  userDeleted: 'events.user.deleted',
  announcementChanged: 'events.announcement.changed',
  qbankGenerated: 'events.qbank.generated',
  questionDeleted: 'events.question.deleted',
  userPurchasesChanged: 'events.user.purchasesChanged',
  questionMediaChanged: 'events.question.mediaChanged',
  userTestsCounted: 'events.user.testsCounted',
  testSubmitted: 'events.test.submitted',
  practiceAnswered: 'events.practice.answered',
  /** A learner took a seat of a school's licence: the catalog grants its products (issue 30). */
  licenceSeatTaken: 'events.licence.seatTaken',
  /** A seat was freed (the term ended, or an admin freed it): the catalog revokes its grants. */
  licenceSeatReleased: 'events.licence.seatReleased',
} as const;

/**
 * The two JetStream streams (DESIGN.md §3, ADR 0033), by what losing a fact would cost:
 * `events` keeps the facts a service must act on (an erasure, a purchase, a deleted question, a
 * counted batch): when full it refuses new ones (the publisher sees the error and retries)
 * rather than drop one nobody has read; `hints` keeps the facts that a later one or a rebuild
 * supersedes (a user's test count, the caches' invalidations): when full the oldest go.
 */
export type EventStreamKey = 'events' | 'hints';

/** The stream of each fact: a new fact in `Events` does not compile until it is placed here. */
export const EventStreamOf = {
  userDeleted: 'events',
  userPurchasesChanged: 'events',
  // what a learner holds: never dropped
  licenceSeatTaken: 'events',
  licenceSeatReleased: 'events',
  questionDeleted: 'events',
  qbankGenerated: 'events',
  userTestsCounted: 'hints',
  questionMediaChanged: 'hints',
  announcementChanged: 'hints',
  // one per graded test, bulky and many (ADR 0037): in `events` they would fill its bytes within
  // days at a school's rate, and a full `events` refuses every fact, purchases and erasures too.
  // Here the oldest go when the stream is full, which the item statistics' consumer has read
  // unless it was down for the stream's whole age or bytes.
  testSubmitted: 'hints',
  // one per checked practice answer (issue 29): many, and superseded in effect by the next
  // answers on the same topic; a lost one leaves the mastery a little less informed
  practiceAnswered: 'hints',
} as const satisfies Record<keyof typeof Events, EventStreamKey>;

function subjectsIn(stream: EventStreamKey): (typeof Events)[keyof typeof Events][] {
  return (Object.keys(EventStreamOf) as (keyof typeof Events)[])
    .filter((fact) => EventStreamOf[fact] === stream)
    .map((fact) => Events[fact]);
}

/** A JetStream stream: its name and the subjects it keeps. */
export interface EventStream {
  readonly name: string;
  readonly subjects: readonly string[];
}

/**
 * The streams by key. `EVENTS` is the name of the one stream there was before (its durable
 * consumers and unacknowledged facts stay where they are); `EVENT_HINTS` took its hint subjects.
 */
export const Streams: Readonly<Record<EventStreamKey, EventStream>> = {
  events: { name: 'EVENTS', subjects: subjectsIn('events') },
  hints: { name: 'EVENT_HINTS', subjects: subjectsIn('hints') },
};
