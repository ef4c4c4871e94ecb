import { type ComponentType, lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { HomeRedirect } from '../features/auth/HomeRedirect';
import { SignupCompletionGate } from '../features/auth/SignupCompletionGate';
import { AppLayout } from '../shared/layout/AppLayout';
import { NotFound } from '../shared/layout/NotFound';
import { ProtectedRoute } from '../shared/layout/ProtectedRoute';

/**
 * A page of its own chunk that a visit may open on, and its loader. Once the loader has run
 * (preloadFirstPage), the page renders at once instead of suspending: React 19 shows a
 * suspended route's fallback for at least 300 ms (it holds the reveal back until then), which
 * was a fifth of an LMS launch (tools/bench/lti-launch.mjs).
 */
export function firstPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): [ComponentType<P>, () => Promise<unknown>] {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // a thenable that calls back at once: React.lazy then has the module on its first render
  const now = (module: { default: ComponentType<P> }) =>
    ({ then: (done: (m: typeof module) => void) => done(module) }) as unknown as Promise<
      typeof module
    >;
  const Page = lazy(() => (loaded ? now(loaded) : preload().then(() => loaded!)));
  return [Page as unknown as ComponentType<P>, preload];
}

// Every page is its own chunk, so /login and /dashboard load only what they need.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const SignupCompletePage = lazy(() => import('../features/auth/SignupCompletePage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const [DashboardPage, loadDashboard] = firstPage(
  () => import('../features/dashboard/DashboardPage'),
);
const UpdatesPage = lazy(() => import('../features/updates/UpdatesPage'));
const [InfiniteQbankPage, loadInfiniteQbank] = firstPage(
  () => import('../features/qbank/InfiniteQbankPage'),
);
const UserListPage = lazy(() => import('../features/admin/users/UserListPage'));
const ValidatorTestPage = lazy(() => import('../features/admin/validator/ValidatorTestPage'));
const AddQuestionPage = lazy(() => import('../features/admin/questions/AddQuestionPage'));
const QuestionListPage = lazy(() => import('../features/admin/questions/QuestionListPage'));
const ItemAnalysisPage = lazy(() => import('../features/admin/item-analysis/ItemAnalysisPage'));
const CourseTopicManagerPage = lazy(
  () => import('../features/admin/topics/CourseTopicManagerPage'),
);
const LtiPlatformsPage = lazy(() => import('../features/admin/lti-platforms/LtiPlatformsPage'));
const LtiLicencesPage = lazy(() => import('../features/admin/lti-licences/LtiLicencesPage'));
const GradebookPage = lazy(() => import('../features/gradebook/GradebookPage'));
const ReviewPage = lazy(() => import('../features/gradebook/ReviewPage'));
const WorkbookPage = lazy(() => import('../features/workbook/WorkbookPage'));
const CheckoutResultPage = lazy(() => import('../features/checkout/CheckoutResultPage'));
const DevCheckoutPage = lazy(() => import('../features/checkout/DevCheckoutPage'));
const FullTestPage = lazy(() => import('../features/exams/FullTestPage'));
const PracticeTestPage = lazy(() => import('../features/exams/PracticeTestPage'));
const [SimulationsPage, loadSimulations] = firstPage(
  () => import('../features/simulations/SimulationsPage'),
);
const ReadinessPage = lazy(() => import('../features/learning/ReadinessPage'));
const StudyPlanPage = lazy(() => import('../features/learning/StudyPlanPage'));
const UnsubscribePage = lazy(() => import('../features/learning/UnsubscribePage'));
const LtiStartPage = lazy(() => import('../features/schools/LtiStartPage'));
const [LtiDeepLinkPage, loadLtiDeepLink] = firstPage(
  () => import('../features/schools/LtiDeepLinkPage'),
);
const [LtiAssignmentPage, loadLtiAssignment] = firstPage(
  () => import('../features/schools/LtiAssignmentPage'),
);
const [InstructorClassesPage, loadInstructorClasses] = firstPage(
  () => import('../features/instructor/InstructorClassesPage'),
);
const ClassPage = lazy(() => import('../features/instructor/ClassPage'));
// the account menu's learning data items: a chunk of their own, loaded as the menu first opens
const LearningDataMenu = lazy(() => import('../features/learning/LearningDataMenu'));

/**
 * The pages a visit most often opens on (an LMS launch's targets, ADR 0040; the dashboard). The
 * routes render once the session is known, so a page's chunk would load only after the sign-in's
 * token exchange and /api/me; main.tsx starts the one of the address at once, beside them (the
 * same import, so lazy() finds it loaded).
 */
const FIRST_PAGES: readonly (readonly [string, () => Promise<unknown>])[] = [
  ['/dashboard', loadDashboard],
  ['/simulations', loadSimulations],
  ['/infinite-qbank', loadInfiniteQbank],
  ['/lti/assignment/:linkKey', loadLtiAssignment],
  ['/lti/deep-link/:id', loadLtiDeepLink],
  ['/instructor', loadInstructorClasses],
];

/** The loader of the page `pathname` opens, when it is one of FIRST_PAGES. */
export function firstPageLoader(pathname: string): (() => Promise<unknown>) | undefined {
  return FIRST_PAGES.find(([path]) => matchPath(path, pathname))?.[1];
}

/** Starts loading the page of `pathname` (a failure is left to lazy(), which loads it again). */
export function preloadFirstPage(pathname: string): void {
  firstPageLoader(pathname)?.().catch(() => undefined);
}

/** Learner spec §2 route table plus the admin routes (admin spec §2). */
export function AppRoutes() {
  const verifyEmail = <VerifyEmailPage />;
  return (
    <Routes>
      <Route element={<AppLayout accountItems={<LearningDataMenu />} />}>
        <Route element={<SignupCompletionGate />}>
          <Route index element={<HomeRedirect />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="signup/complete" element={<SignupCompletePage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="checkout-success" element={<CheckoutResultPage outcome="success" />} />
          <Route path="checkout-cancel" element={<CheckoutResultPage outcome="cancel" />} />
          {/* the local test checkout (dev/test; the catalog answers 404 elsewhere, ADR 0018) */}
          <Route path="dev-checkout/:sessionId" element={<DevCheckoutPage />} />
          {/* the reminder mail's unsubscribe link: no sign-in, the token is the key (issue 29) */}
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          {/* after an LMS launch: signs in through the school's identity provider (issue 30) */}
          <Route path="lti/start" element={<LtiStartPage />} />

          <Route element={<ProtectedRoute verifyEmail={verifyEmail} />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="gradebook" element={<GradebookPage />} />
            <Route path="study-plan" element={<StudyPlanPage />} />
            <Route path="test/full/:testId" element={<FullTestPage />} />
            <Route path="test/practice/:testId" element={<PracticeTestPage />} />
            <Route path="review-test/:testId" element={<ReviewPage />} />
            <Route path="workbook/:productId" element={<WorkbookPage />} />
            <Route path="infinite-qbank" element={<InfiniteQbankPage />} />
            <Route path="updates" element={<UpdatesPage />} />
            <Route path="simulations" element={<SimulationsPage />} />
            <Route path="readiness" element={<ReadinessPage />} />
            {/* opened from an LMS (issue 30): the instructor's picker, a learner's assignment */}
            <Route path="lti/deep-link/:id" element={<LtiDeepLinkPage />} />
            <Route path="lti/assignment/:linkKey" element={<LtiAssignmentPage />} />
            {/* an LMS course's teacher: their classes (the pages tell anyone else where to go) */}
            <Route path="instructor" element={<InstructorClassesPage />} />
            <Route path="instructor/classes/:contextKey" element={<ClassPage />} />
          </Route>

          <Route element={<ProtectedRoute adminOnly verifyEmail={verifyEmail} />}>
            <Route path="user-list" element={<UserListPage />} />
            <Route path="validator-test" element={<ValidatorTestPage />} />
            <Route path="add-question" element={<AddQuestionPage />} />
            <Route path="question-list" element={<QuestionListPage />} />
            <Route path="course-topic-manager" element={<CourseTopicManagerPage />} />
            <Route path="item-analysis" element={<ItemAnalysisPage />} />
            <Route path="lti-platforms" element={<LtiPlatformsPage />} />
            <Route path="lti-licences" element={<LtiLicencesPage />} />
          </Route>

          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
