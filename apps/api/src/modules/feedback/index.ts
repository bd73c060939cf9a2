// Feedback domain: the feedback events visitors send from the widget, and the operators' reading of them.
// Other code imports only from here.
export { createFeedbackService, type FeedbackDeps, type FeedbackService } from './feedback.service.ts';
export {
  feedbackAdminRoutes,
  feedbackRoutes,
  type FeedbackAdminRoutesOptions,
  type FeedbackRoutesOptions,
} from './feedback.routes.ts';
