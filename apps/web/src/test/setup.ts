import { configure } from '@testing-library/dom';

// CI runs the API suite beside these tests on 2 cores: wait for the DOM as long as a loaded
// machine needs (findBy*/waitFor), never fail on a busy scheduler.
configure({ asyncUtilTimeout: 5_000 });
