/** Fixture: a test helper of @d3/test-support. */
export const offerFixture = { id: 'o1', title: 'Fixture offer' };
