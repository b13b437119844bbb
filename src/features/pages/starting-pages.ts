/**
 * The content pages' starting text: what the repository ships in starting-content/pages/ (one JSON
 * file a page, named after its address), shown until the school saves its own. A second school
 * replaces those files; the set of pages is the site's (the pages function's addresses).
 */
import home from '../../../starting-content/pages/home.json' with { type: 'json' };
import academics from '../../../starting-content/pages/academics.json' with { type: 'json' };
import academicsGuidanceCounseling from '../../../starting-content/pages/academics.guidance-counseling.json' with { type: 'json' };
import academicsHolisticDevelopment from '../../../starting-content/pages/academics.holistic-development.json' with { type: 'json' };
import academicsMethodology from '../../../starting-content/pages/academics.methodology.json' with { type: 'json' };
import academicsMethodologyMiddle from '../../../starting-content/pages/academics.methodology.middle.json' with { type: 'json' };
import academicsMethodologyPrimary from '../../../starting-content/pages/academics.methodology.primary.json' with { type: 'json' };
import academicsMethodologySenior from '../../../starting-content/pages/academics.methodology.senior.json' with { type: 'json' };
import academicsTechnology from '../../../starting-content/pages/academics.technology.json' with { type: 'json' };
import academy from '../../../starting-content/pages/academy.json' with { type: 'json' };
import academyAbout from '../../../starting-content/pages/academy.about.json' with { type: 'json' };
import academyAccreditation from '../../../starting-content/pages/academy.accreditation.json' with { type: 'json' };
import academyChairpersonMessage from '../../../starting-content/pages/academy.chairperson-message.json' with { type: 'json' };
import academyFounderMessage from '../../../starting-content/pages/academy.founder-message.json' with { type: 'json' };
import academyMission from '../../../starting-content/pages/academy.mission.json' with { type: 'json' };
import academyPrincipalMessage from '../../../starting-content/pages/academy.principal-message.json' with { type: 'json' };
import admissions from '../../../starting-content/pages/admissions.json' with { type: 'json' };
import admissionsApply from '../../../starting-content/pages/admissions.apply.json' with { type: 'json' };
import infrastructure from '../../../starting-content/pages/infrastructure.json' with { type: 'json' };
import infrastructureAuditorium from '../../../starting-content/pages/infrastructure.auditorium.json' with { type: 'json' };
import infrastructureFacilities from '../../../starting-content/pages/infrastructure.facilities.json' with { type: 'json' };
import infrastructureFacilitiesHealth from '../../../starting-content/pages/infrastructure.facilities.health.json' with { type: 'json' };
import infrastructureFacilitiesSecurity from '../../../starting-content/pages/infrastructure.facilities.security.json' with { type: 'json' };
import infrastructureFacilitiesTransportation from '../../../starting-content/pages/infrastructure.facilities.transportation.json' with { type: 'json' };
import infrastructureLearningCentre from '../../../starting-content/pages/infrastructure.learning-centre.json' with { type: 'json' };
import infrastructureLibrary from '../../../starting-content/pages/infrastructure.library.json' with { type: 'json' };
import infrastructureOverview from '../../../starting-content/pages/infrastructure.overview.json' with { type: 'json' };
import infrastructureSports from '../../../starting-content/pages/infrastructure.sports.json' with { type: 'json' };
import press from '../../../starting-content/pages/press.json' with { type: 'json' };
import type { PageContent } from './page.ts';

type StartingPage = PageContent & { path: string };

const files = [
  home,
  academics,
  academicsGuidanceCounseling,
  academicsHolisticDevelopment,
  academicsMethodology,
  academicsMethodologyMiddle,
  academicsMethodologyPrimary,
  academicsMethodologySenior,
  academicsTechnology,
  academy,
  academyAbout,
  academyAccreditation,
  academyChairpersonMessage,
  academyFounderMessage,
  academyMission,
  academyPrincipalMessage,
  admissions,
  admissionsApply,
  infrastructure,
  infrastructureAuditorium,
  infrastructureFacilities,
  infrastructureFacilitiesHealth,
  infrastructureFacilitiesSecurity,
  infrastructureFacilitiesTransportation,
  infrastructureLearningCentre,
  infrastructureLibrary,
  infrastructureOverview,
  infrastructureSports,
  press,
] as unknown as StartingPage[];

/** Each page's starting content by its address ('/', '/academy/about'). */
export const STARTING_PAGES: ReadonlyMap<string, PageContent> = new Map(
  files.map(({ path, ...content }) => [path, content]),
);
