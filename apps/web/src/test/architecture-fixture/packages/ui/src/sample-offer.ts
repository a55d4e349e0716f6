// Deliberately wrong (fixture): production code of a package reaching into the tests' helpers.
import { offerFixture } from '../../test-support/src/msw/handlers';

export const sampleOfferTitle = offerFixture.title;
