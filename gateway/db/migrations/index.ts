import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-skeleton';
import * as m0002 from './0002-used-id-tokens';
import * as m0003 from './0003-audit-lookups';
import * as m0004 from './0004-machines';
import * as m0005 from './0005-dcu';
import * as m0006 from './0006-knowledge';
import * as m0007 from './0007-knowledge-search';
import * as m0008 from './0008-cases';
import * as m0009 from './0009-notifications';
import * as m0010 from './0010-wizard';
import * as m0011 from './0011-push-delivery-claims';
import * as m0012 from './0012-case-list-covering';
import * as m0013 from './0013-knowledge-title-scope';
import * as m0014 from './0014-case-list-own-covering';
import * as m0015 from './0015-report-service-fields';
import * as m0016 from './0016-push-device-sessions';
import * as m0017 from './0017-claim-repairs';
import * as m0018 from './0018-predictions';
import * as m0019 from './0019-case-reads';
import * as m0020 from './0020-case-latest-entry';
import * as m0021 from './0021-prediction-device-answer';
import * as m0022 from './0022-request-counts';
import * as m0023 from './0023-change-log';
import * as m0024 from './0024-prediction-outcomes';
import * as m0025 from './0025-message-change-log';
import * as m0026 from './0026-prediction-change-log';

/**
 * Every migration, listed by hand: a static list works the same under tsx, vitest and a
 * bundler, where a folder scan would not. Names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '0001-skeleton': m0001,
  '0002-used-id-tokens': m0002,
  '0003-audit-lookups': m0003,
  '0004-machines': m0004,
  '0005-dcu': m0005,
  '0006-knowledge': m0006,
  '0007-knowledge-search': m0007,
  '0008-cases': m0008,
  '0009-notifications': m0009,
  '0010-wizard': m0010,
  '0011-push-delivery-claims': m0011,
  '0012-case-list-covering': m0012,
  '0013-knowledge-title-scope': m0013,
  '0014-case-list-own-covering': m0014,
  '0015-report-service-fields': m0015,
  '0016-push-device-sessions': m0016,
  '0017-claim-repairs': m0017,
  '0018-predictions': m0018,
  '0019-case-reads': m0019,
  '0020-case-latest-entry': m0020,
  '0021-prediction-device-answer': m0021,
  '0022-request-counts': m0022,
  '0023-change-log': m0023,
  '0024-prediction-outcomes': m0024,
  '0025-message-change-log': m0025,
  '0026-prediction-change-log': m0026,
};
