import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomeRedirect } from '../features/auth/HomeRedirect';
import { SignupCompletionGate } from '../features/auth/SignupCompletionGate';
import { AppLayout } from '../shared/layout/AppLayout';
import { NotFound } from '../shared/layout/NotFound';
import { ProtectedRoute } from '../shared/layout/ProtectedRoute';

// Every page is its own chunk, so /login and /dashboard load only what they need.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const SignupCompletePage = lazy(() => import('../features/auth/SignupCompletePage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const UpdatesPage = lazy(() => import('../features/updates/UpdatesPage'));
const InfiniteQbankPage = lazy(() => import('../features/qbank/InfiniteQbankPage'));
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
const SimulationsPage = lazy(() => import('../features/simulations/SimulationsPage'));
const ReadinessPage = lazy(() => import('../features/learning/ReadinessPage'));
const StudyPlanPage = lazy(() => import('../features/learning/StudyPlanPage'));
const UnsubscribePage = lazy(() => import('../features/learning/UnsubscribePage'));
const LtiStartPage = lazy(() => import('../features/schools/LtiStartPage'));
const LtiDeepLinkPage = lazy(() => import('../features/schools/LtiDeepLinkPage'));
const LtiAssignmentPage = lazy(() => import('../features/schools/LtiAssignmentPage'));
const InstructorClassesPage = lazy(() => import('../features/instructor/InstructorClassesPage'));
const ClassPage = lazy(() => import('../features/instructor/ClassPage'));
// the account menu's learning data items: a chunk of their own, loaded as the menu first opens
const LearningDataMenu = lazy(() => import('../features/learning/LearningDataMenu'));

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
