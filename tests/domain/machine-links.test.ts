import { describe, expect, it } from 'vitest';
import { casePath } from '../../src/domain/case-links';
import {
  createCasePath,
  createReportPath,
  installationGuidesPath,
  machineDetailPath,
  machineListViewPath,
  predictionPath,
  qualityReportHref,
  telematicsPath,
  wizardResumePath,
} from '../../src/domain/machine-links';
import { parseMachineRouteParams } from '../../src/domain/route-params';

const item = {
  serialNumber: '52016',
  materialNumber: 'M7-172',
  productIdentificationNo: 'KBCM7172VNP052016',
};

describe('the View link rule (product §2 Machine list)', () => {
  it('links sn-{serial}/mn-{model}/pin-{pin} exactly', () => {
    expect(machineListViewPath(item)).toBe(
      '/support/machine/details/sn-52016/mn-M7-172/pin-KBCM7172VNP052016',
    );
  });

  it('uses the last 5 characters of a longer serial', () => {
    expect(machineListViewPath({ ...item, serialNumber: 'ABC1252016' })).toBe(
      '/support/machine/details/sn-52016/mn-M7-172/pin-KBCM7172VNP052016',
    );
  });

  it('leaves out pin- when the item has no PIN', () => {
    expect(machineListViewPath({ ...item, productIdentificationNo: '' })).toBe(
      '/support/machine/details/sn-52016/mn-M7-172',
    );
  });

  it('encodes characters a path segment cannot hold, and the route reads them back', () => {
    const path = machineListViewPath({ ...item, materialNumber: 'A/B 7' });
    expect(path).toBe('/support/machine/details/sn-52016/mn-A%2FB%207/pin-KBCM7172VNP052016');
    const [, , , , p1, p2, p3] = path.split('/').map(decodeURIComponent);
    expect(parseMachineRouteParams(p1, p2, p3)).toEqual({
      serial: '52016',
      model: 'A/B 7',
      pin: 'KBCM7172VNP052016',
    });
  });
});

describe('machine detail paths and their route params', () => {
  it('serial + model (+ PIN) round-trip through parseMachineRouteParams', () => {
    const path = machineDetailPath({ serial: '70531', model: 'L3560', pin: 'KBCL3560HDC070531' });
    expect(path).toBe('/support/machine/details/sn-70531/mn-L3560/pin-KBCL3560HDC070531');
    const [p1, p2, p3] = path.split('/').slice(4);
    expect(parseMachineRouteParams(p1, p2, p3)).toEqual({
      serial: '70531',
      model: 'L3560',
      pin: 'KBCL3560HDC070531',
    });
  });

  it('a PIN alone gives /details/pin-{pin}', () => {
    expect(machineDetailPath({ pin: 'KBCL3560HDC070531', serial: '70531' })).toBe(
      '/support/machine/details/pin-KBCL3560HDC070531',
    );
    expect(parseMachineRouteParams('pin-KBCL3560HDC070531')).toEqual({
      pin: 'KBCL3560HDC070531',
    });
  });

  it('param order does not matter; a missing model leaves only the serial', () => {
    expect(parseMachineRouteParams('mn-M7-172', 'sn-52016')).toEqual({
      serial: '52016',
      model: 'M7-172',
    });
    expect(parseMachineRouteParams('sn-52016')).toEqual({ serial: '52016' });
  });
});

describe('Choose Activity links (product §2)', () => {
  const m = { serial: '52016', model: 'M7-172', pin: 'KBCM7172VNP052016' };
  it('Create Case and Create Report', () => {
    expect(createCasePath(m)).toBe(
      '/support/machine/case/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016/',
    );
    expect(createReportPath(m)).toBe(
      '/support/machine/report/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016/',
    );
  });
  it('Machine Telematics Install and Create Parts Prediction', () => {
    expect(telematicsPath(m)).toBe('/support/machine/imei/sn-52016/mn-M7-172');
    expect(predictionPath(m)).toBe('/support/machine/prediction/create/sn-52016/mn-M7-172');
  });
  it('Quality Report carries model and serial as query params', () => {
    expect(qualityReportHref('/links/quality-report', m)).toBe(
      '/links/quality-report?model=M7-172&serial=52016',
    );
    expect(qualityReportHref('https://q.example/r?lang=en', m)).toBe(
      'https://q.example/r?lang=en&model=M7-172&serial=52016',
    );
  });
  it('Installation Guides and case links', () => {
    expect(installationGuidesPath('KA-INSTALL-GUIDES')).toBe(
      '/knowledge/answer?uniqueID=KA-INSTALL-GUIDES',
    );
    expect(casePath('500A0000001')).toBe('/support/case/500A0000001');
    expect(casePath('a/b')).toBe('/support/case/a%2Fb');
  });
});

describe('an unfinished wizard resumes', () => {
  it("at its machine's create path, or where the machine is asked for when it has none", () => {
    const m = { serial: '52016', model: 'M7-172', pin: '' };
    expect(wizardResumePath('case', m)).toBe(createCasePath(m));
    expect(wizardResumePath('report', m)).toBe(createReportPath(m));
    expect(wizardResumePath('case', { serial: '', model: '', pin: '' })).toBe(
      '/support/machine/case/create',
    );
    expect(wizardResumePath('report', { serial: '52016', model: '', pin: '' })).toBe(
      '/support/machine/report/create',
    );
  });
});
