/**
 * Every NATS subject of the system, in one place (STYLE.md §1). Request/reply patterns are
 * `<service>.<action>`; JetStream facts are `events.<fact>`. Nothing else may spell a subject.
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
    deleteUser: 'identity.admin.deleteUser',
    deleteUserData: 'identity.admin.deleteUserData',
    generateTestToken: 'identity.admin.generateTestToken',
    /** Core NATS notice per user: `identity.userChanged.<uid>` (SSE fan-out in the gateway). */
    userChanged: (uid: string): string => `identity.userChanged.${uid}`,
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
  },
  /** Every service answers `<service>.health` so the gateway's /readyz can see it. */
  health: (service: ServiceName): string => `${service}.health`,
} as const;

export const ServiceNames = [
  'announcements',
  'identity',
  'catalog',
  'testing',
  'media',
  'qbank',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

/** JetStream: facts other services must not miss (DESIGN.md §3). */
export const Streams = {
  events: { name: 'EVENTS', subjects: ['events.>'] },
} as const;

export const Events = {
  userDeleted: 'events.user.deleted',
  userPurchasesChanged: 'events.user.purchasesChanged',
  purchaseCompleted: 'events.purchase.completed',
  questionMediaChanged: 'events.question.mediaChanged',
  announcementChanged: 'events.announcement.changed',
  qbankGenerated: 'events.qbank.generated',
  questionDeleted: 'events.question.deleted',
} as const;
export type EventSubject = (typeof Events)[keyof typeof Events];
