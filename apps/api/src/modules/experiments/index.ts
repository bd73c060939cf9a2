// Experiments domain: the experiment flags (boost-buy-tickets), each visitor's sticky variant and exposure, and the
// purchases that convert them. Other code imports only from here.
export {
  createExperimentsService,
  hashedVariant,
  knownVariant,
  type ExperimentsDeps,
  type ExperimentsService,
  type VariantReport,
} from './experiments.service.ts';
export { experimentsRoutes, type ExperimentsRoutesOptions } from './experiments.routes.ts';
