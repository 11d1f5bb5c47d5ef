/**
 * One fault as a demo case tells it: the subject, the description's symptom, the failure
 * fields and the feed's lines all speak of the same fault, so a case reads as one story.
 */
export interface CaseStory {
  symptom: string;
  defect: string;
  partName: string;
  partNumber: string;
  assembly: string;
  subAssembly: string;
  probableCause: string;
  troubleshooting: string;
  remedy: string;
  /** What the technician's photos show ("the leak at the loader valve"). */
  seen: string;
  /** Said in place of the generic description lines where those would not fit. */
  context?: string;
  /** The dealer's own updates (none mentions an attachment). */
  customer: readonly string[];
  /** Technical Support's replies. */
  support: readonly string[];
}

/** The dealer's update that carries `count` photos of what the story is about. */
export function photoLine(story: CaseStory, count: number): string {
  return count === 1 ? `Attached a photo of ${story.seen}.` : `Attached photos of ${story.seen}.`;
}

/** Lines any case of any fault can carry, mixed with the story's own. */
const CUSTOMER_ANY = [
  'Customer confirms the problem is back this morning.',
  'Part arrived, installing today.',
  'Machine back in service, will monitor for a week.',
];
const SUPPORT_ANY = [
  'We are waiting for feedback on the last step before we can proceed.',
  'Closing this case as resolved; reply here if the problem returns.',
];

export const CASE_STORIES: Readonly<Record<string, CaseStory>> = {
  'Hydraulic leak at loader valve': {
    symptom: 'Hydraulic oil leaking at loader valve',
    defect: 'O-ring cut at spool end cap',
    partName: 'O-Ring, Loader Valve',
    partNumber: '04817-00220',
    assembly: 'Hydraulics',
    subAssembly: 'Loader Valve',
    probableCause: 'Seal damaged by contamination',
    troubleshooting: 'Cleaned the loader valve and ran the loader to find where the oil comes out.',
    remedy: 'Replaced the O-ring at the spool end cap and re-tested under load.',
    seen: 'the oil at the loader valve',
    customer: [
      'Cleaned the loader valve and ran it 20 minutes: oil is weeping again at the spool end cap.',
      'Relief pressure at the loader valve is within spec; the leak is external only.',
    ],
    support: [
      'Please check the spool end cap of the loader valve for a cut O-ring and send the valve tag number.',
      'Replace the O-ring kit of the loader valve under warranty.',
    ],
  },
  'Engine derate during regeneration': {
    symptom: 'Engine derates to half power during regeneration',
    defect: 'DPF differential pressure sensor drifting',
    partName: 'Sensor, Differential Pressure',
    partNumber: '1J574-39080',
    assembly: 'Engine',
    subAssembly: 'Aftertreatment',
    probableCause: 'Sensor reading out of range',
    troubleshooting: 'Logged the DPF differential pressure during a parked regeneration.',
    remedy: 'Replaced the DPF differential pressure sensor; regeneration completes at full power.',
    seen: 'the DPF sensor and its hoses',
    customer: [
      'Ran a parked regeneration: the engine derated after six minutes again.',
      'DPF soot load reads 140 % although the last regeneration finished yesterday.',
    ],
    support: [
      'Please record the DPF differential pressure during a parked regeneration and send the log.',
      'Replace the DPF differential pressure sensor and clear the derate.',
    ],
  },
  'DEF warning after refill': {
    symptom: 'DEF quality warning right after a refill',
    defect: 'DEF quality sensor coated',
    partName: 'Sensor, DEF Quality',
    partNumber: '1J800-43130',
    assembly: 'Engine',
    subAssembly: 'Aftertreatment',
    probableCause: 'Contaminated DEF from the farm tank',
    troubleshooting: 'Tested the DEF with a refractometer: 29 % urea, within spec.',
    remedy: 'Drained and flushed the DEF tank, replaced the DEF quality sensor.',
    seen: 'the DEF tank and the warning on the dash',
    customer: [
      'Filled fresh DEF from a sealed jug; the DEF warning came back within an hour.',
      'Refractometer reads 32 % urea on the DEF in the tank.',
    ],
    support: [
      'Please drain a DEF sample from the tank and check its urea content.',
      'Flush the DEF tank and replace the DEF quality sensor.',
    ],
  },
  'Intermittent no-start': {
    symptom: 'Engine will not crank on some mornings',
    defect: 'Starter solenoid contacts burnt',
    partName: 'Starter Assembly',
    partNumber: '1G772-63010',
    assembly: 'Engine',
    subAssembly: 'Starting System',
    probableCause: 'Wear beyond service limit',
    troubleshooting: 'Measured the voltage at the starter solenoid while turning the key.',
    remedy: 'Replaced the starter assembly; cranks every time.',
    seen: 'the starter solenoid terminals',
    customer: [
      'No crank this morning again; the starter clicks once and nothing more.',
      'Battery holds 12.6 V; the voltage at the starter solenoid drops to 9 V on the key.',
    ],
    support: [
      'Please measure the voltage at the starter solenoid while the key is held in start.',
      'Replace the starter assembly; the solenoid contacts are the known failure.',
    ],
  },
  'HST whine under load': {
    symptom: 'HST whines when pulling under load',
    defect: 'HST charge pump worn',
    partName: 'Charge Pump, HST',
    partNumber: '3C081-34350',
    assembly: 'Transmission',
    subAssembly: 'Hydrostatic Drive',
    probableCause: 'Wear beyond service limit',
    troubleshooting: 'Checked the HST charge pressure hot and cold against the workshop manual.',
    remedy: 'Replaced the HST charge pump and changed the transmission fluid.',
    seen: 'the HST filter element',
    customer: [
      'The HST whine gets louder once the transmission fluid is warm.',
      'HST charge pressure is 15 % low at full throttle.',
    ],
    support: [
      'Please check the HST charge pressure at the test port, hot and cold.',
      'Replace the HST charge pump and the transmission filter.',
    ],
  },
  'Display shows communication error': {
    symptom: 'Display shows a communication error at start-up',
    defect: 'CAN connector behind the display corroded',
    partName: 'Harness, Display',
    partNumber: '3N480-30140',
    assembly: 'Electrical',
    subAssembly: 'Display / Monitor',
    probableCause: 'Connector corrosion',
    troubleshooting: 'Measured the CAN bus resistance at the display connector.',
    remedy: 'Cleaned and re-seated the display connector, applied dielectric grease.',
    seen: 'the display connector pins',
    customer: [
      'The display communication error shows again after washing the cab.',
      'CAN bus resistance at the display connector reads 60 ohms.',
    ],
    support: [
      'Please check the display connector for corrosion and measure the CAN bus resistance.',
      'Replace the display harness if the communication error stays after cleaning.',
    ],
  },
  'PTO will not disengage': {
    symptom: 'PTO keeps turning with the switch off',
    defect: 'PTO clutch plates welded',
    partName: 'Clutch Pack, PTO',
    partNumber: '3A151-24120',
    assembly: 'Transmission',
    subAssembly: 'Clutch Pack',
    probableCause: 'Wear beyond service limit',
    troubleshooting: 'Checked the PTO solenoid: it de-energises, the PTO shaft still turns.',
    remedy: 'Replaced the PTO clutch pack; the PTO stops within two seconds.',
    seen: 'the PTO clutch plates',
    customer: [
      'The PTO shaft still turns with the PTO switch off and the engine at idle.',
      'PTO solenoid de-energises when switched off; the PTO brake does not hold.',
    ],
    support: [
      'Please check that the PTO solenoid de-energises when the PTO switch is off.',
      'Replace the PTO clutch pack under warranty.',
    ],
  },
  'Excessive track wear': {
    symptom: 'Rubber tracks worn through at 600 hours',
    defect: 'Track idler misaligned',
    partName: 'Idler, Track Front',
    partNumber: 'V0611-21750',
    assembly: 'Axles and Tracks',
    subAssembly: 'Undercarriage',
    probableCause: 'Assembly error at the factory',
    troubleshooting: 'Measured the track tension and the idler alignment on a flat floor.',
    remedy: 'Realigned the track idler and fitted new tracks.',
    seen: 'the worn track lugs and the idler',
    customer: [
      'The inner track lugs are worn down on both sides of the undercarriage.',
      'Track tension is in spec; the front idler sits 8 mm out of line.',
    ],
    support: [
      'Please measure the front idler alignment of the undercarriage against the workshop manual.',
      'Realign the track idler and replace the tracks under warranty.',
    ],
  },
  'Cab heater not working': {
    symptom: 'Cab heater blows cold air',
    defect: 'Heater valve stuck closed',
    partName: 'Valve, Heater',
    partNumber: '3F240-50060',
    assembly: 'Cab and Operator Station',
    subAssembly: 'HVAC',
    probableCause: 'Wear beyond service limit',
    troubleshooting: 'Felt both heater hoses with the engine warm: the return hose stays cold.',
    remedy: 'Replaced the heater valve; the cab heater blows hot.',
    seen: 'the heater valve under the cab floor',
    customer: [
      'The heater hose into the cab stays cold with the engine at full temperature.',
      'The heater valve actuator moves but the cab heater still blows cold.',
    ],
    support: [
      'Please check both heater hoses at the cab with the engine warm.',
      'Replace the heater valve under warranty.',
    ],
  },
  'Fuel gauge reads empty': {
    symptom: 'Fuel gauge reads empty with a full tank',
    defect: 'Fuel sender float detached',
    partName: 'Fuel Level Sender',
    partNumber: 'K7561-71760',
    assembly: 'Engine',
    subAssembly: 'Fuel System',
    probableCause: 'Assembly error at the factory',
    troubleshooting: 'Measured the fuel sender resistance: open circuit at every tank level.',
    remedy: 'Replaced the fuel level sender; the fuel gauge reads correctly.',
    seen: 'the fuel sender with its float off',
    customer: [
      'Fuel gauge stays on empty after filling the tank to the neck.',
      'Fuel sender reads open circuit at the tank connector.',
    ],
    support: [
      'Please measure the fuel sender resistance at the tank connector.',
      'Replace the fuel level sender under warranty.',
    ],
  },
  'Warning light stays on after service': {
    symptom: 'Service warning light stays on after the 250-hour service',
    defect: 'Service interval not reset in the controller',
    partName: 'Controller, Instrument Cluster',
    partNumber: '3N481-30150',
    assembly: 'Electrical',
    subAssembly: 'Display / Monitor',
    probableCause: 'Software calibration out of date',
    troubleshooting:
      'Tried the reset from the instrument menu: the warning light returns at key-on.',
    remedy: 'Reflashed the instrument cluster and reset the service interval.',
    seen: 'the warning light on the instrument cluster',
    customer: [
      'The warning light returns at every key-on after the reset from the menu.',
      'Instrument cluster shows software 2.1; the warning light stays on.',
    ],
    support: [
      'Please reset the service interval from the instrument menu with the engine off.',
      'Reflash the instrument cluster to the latest software; that clears the warning light.',
    ],
  },
  'Coolant loss, no visible leak': {
    symptom: 'Coolant level drops a litre a day with no visible leak',
    defect: 'EGR cooler leaking internally',
    partName: 'Cooler, EGR',
    partNumber: '1J700-73010',
    assembly: 'Engine',
    subAssembly: 'Cooling System',
    probableCause: 'Wear beyond service limit',
    troubleshooting:
      'Pressure-tested the cooling system cold: it holds; coolant is lost only when hot.',
    remedy: 'Replaced the EGR cooler and refilled the coolant.',
    seen: 'the coolant level at the expansion tank',
    customer: [
      'Topped up the coolant again: down a litre after eight hours of work.',
      'Cooling system holds pressure cold; white vapour at the exhaust when hot.',
    ],
    support: [
      'Please pressure-test the cooling system hot and check the coolant for exhaust gas.',
      'Replace the EGR cooler; the coolant goes out through the exhaust.',
    ],
  },
  'Field quality report: loader valve seals': {
    symptom: 'Loader valve seals weeping on three machines of one batch',
    defect: 'Seal lip damaged at assembly',
    partName: 'Seal Kit, Loader Valve',
    partNumber: '04817-00221',
    assembly: 'Hydraulics',
    subAssembly: 'Loader Valve',
    probableCause: 'Assembly error at the factory',
    troubleshooting:
      'Compared the loader valve seals of the three machines with a known-good unit.',
    remedy: 'Replaced the loader valve seal kits on the affected machines.',
    seen: 'the loader valve seals side by side',
    context: 'The dealer reports the same loader valve seals on machines delivered the same month.',
    customer: [
      'Two more loader valve seals weeping on machines from the same batch.',
      'The loader valve seal lips show the same nick on every machine.',
    ],
    support: [
      'Please send the build dates of the machines with weeping loader valve seals.',
      'Quality is reviewing the loader valve seal assembly of that batch.',
    ],
  },
  'Pre-delivery inspection findings': {
    symptom: 'Pre-delivery inspection found loose fasteners and a missing decal',
    defect: 'Fasteners not torqued at the factory',
    partName: 'Decal Kit',
    partNumber: 'TC422-99110',
    assembly: 'Cab and Operator Station',
    subAssembly: 'ROPS / Canopy',
    probableCause: 'Assembly error at the factory',
    troubleshooting: 'Went through the pre-delivery checklist line by line.',
    remedy: 'Torqued the fasteners and fitted the missing decal before delivery.',
    seen: 'the loose fasteners and the missing decal',
    context: 'Found at the pre-delivery inspection, before the machine left the yard.',
    customer: [
      'Pre-delivery checklist complete apart from the missing decal.',
      'Two more loose fasteners found on the pre-delivery walk-round.',
    ],
    support: [
      'Please list every pre-delivery finding with its location on the machine.',
      'A decal kit is on its way; the pre-delivery findings go to the factory.',
    ],
  },
  'Repeat DPF regeneration complaints': {
    symptom: 'DPF regeneration requested every two hours',
    defect: 'DPF differential pressure sensor drifting',
    partName: 'Sensor, Differential Pressure',
    partNumber: '1J574-39080',
    assembly: 'Engine',
    subAssembly: 'Aftertreatment',
    probableCause: 'Software calibration out of date',
    troubleshooting: 'Logged soot load and DPF regeneration requests over a working day.',
    remedy: 'Updated the engine calibration; DPF regeneration requests back to normal.',
    seen: 'the DPF soot load screen',
    context: 'Several customers of the dealer report the same DPF regeneration requests.',
    customer: [
      'A third customer reports DPF regeneration requests every two hours.',
      'DPF soot load climbs 10 % an hour at light load.',
    ],
    support: [
      'Please log the DPF soot load over one working day and send it.',
      'An engine calibration update for the DPF regeneration requests is released.',
    ],
  },
  'Paint defect on delivery': {
    symptom: 'Paint blistering on the hood at delivery',
    defect: 'Paint primer not cured',
    partName: 'Hood, Engine',
    partNumber: 'TC422-16110',
    assembly: 'Cab and Operator Station',
    subAssembly: 'ROPS / Canopy',
    probableCause: 'Assembly error at the factory',
    troubleshooting: 'Measured the paint thickness on the hood and the fenders.',
    remedy: 'Replaced the hood with a factory-painted one.',
    seen: 'the paint blisters on the hood',
    context: 'Seen at delivery; the customer has not accepted the machine yet.',
    customer: [
      'Paint blisters spread across the hood after a day in the sun.',
      'Paint thickness on the hood is half that of the fenders.',
    ],
    support: [
      'Please measure the paint thickness on the hood and the fenders.',
      'A factory-painted hood is on its way.',
    ],
  },
  'Telematics unit not reporting': {
    symptom: 'Telematics unit has not reported since delivery',
    defect: 'Telematics SIM not activated',
    partName: 'Telematics Unit',
    partNumber: 'TC700-41200',
    assembly: 'Electrical',
    subAssembly: 'Telematics Unit',
    probableCause: 'Software calibration out of date',
    troubleshooting: 'Checked the telematics unit status light and the antenna cable.',
    remedy: 'Activated the telematics SIM; the unit reports every 15 minutes.',
    seen: 'the telematics unit status light',
    context: 'The machine does not appear on the telematics portal.',
    customer: [
      'The telematics status light blinks amber; antenna cable is tight.',
      'Still no telematics position on the portal this morning.',
    ],
    support: [
      'Please send the telematics unit serial number from its label.',
      'The telematics SIM is activated now; please check the portal in an hour.',
    ],
  },
  'Hydraulic hose chafing at boom': {
    symptom: 'Hydraulic hose chafing through its cover at the boom',
    defect: 'Hose clamp missing at the boom pivot',
    partName: 'Hose, Boom Cylinder',
    partNumber: 'RD809-67210',
    assembly: 'Hydraulics',
    subAssembly: 'Hoses and Fittings',
    probableCause: 'Assembly error at the factory',
    troubleshooting: 'Cycled the boom slowly to watch where the hose rubs.',
    remedy: 'Replaced the hose and fitted the missing clamp at the boom pivot.',
    seen: 'the chafed hose at the boom pivot',
    context: 'Found on more machines of the same boom build.',
    customer: [
      'The hose rubs on the boom pivot at full lift; the cover is worn through.',
      'Same hose chafing found on a second machine of the same build.',
    ],
    support: [
      'Please check whether the hose clamp at the boom pivot is fitted.',
      'Fit the hose clamp at the boom pivot on every machine of that build.',
    ],
  },
  'Field quality report: hydraulic pump seals': {
    symptom: 'Hydraulic oil seeping at pump shaft',
    defect: 'Pump shaft seal lip worn',
    partName: 'Seal Kit, Hydraulic Pump',
    partNumber: '3C001-82720',
    assembly: 'Hydraulics',
    subAssembly: 'Hydraulic Pump',
    probableCause: 'Wear beyond service limit',
    troubleshooting: 'Cleaned the hydraulic pump and watched the shaft seal at working speed.',
    remedy: 'Replaced the hydraulic pump seal kit.',
    seen: 'the hydraulic pump shaft seal',
    context: 'The dealer sees the same hydraulic pump seals seeping on machines of one build.',
    customer: [
      'A second machine shows hydraulic oil at the pump shaft seal.',
      'The hydraulic pump seal lips are worn on one side only.',
    ],
    support: [
      'Please send the hours of each machine with a seeping hydraulic pump seal.',
      'Quality is reviewing the hydraulic pump seal supplier.',
    ],
  },
  'Unit reported stolen: hold all service': {
    symptom: 'Unit reported stolen by its owner',
    defect: 'Stolen machine',
    partName: 'None',
    partNumber: 'N/A',
    assembly: 'Electrical',
    subAssembly: 'Telematics Unit',
    probableCause: 'Theft',
    troubleshooting: 'Checked the serial number against the theft report.',
    remedy: 'Service held until the owner confirms recovery.',
    seen: 'the theft report',
    context: 'Hold all service and warranty work until the owner confirms recovery.',
    customer: [
      'The owner filed the theft report with the sheriff this morning.',
      'No sign of the stolen unit at the auction yards nearby.',
    ],
    support: [
      'Please send the theft report number for the stolen unit.',
      'The stolen unit is flagged; hold all service until it is recovered.',
    ],
  },
  'Intermittent loss of hydraulic pressure under load': {
    symptom: 'Hydraulic pressure drops under load, then recovers',
    defect: 'Relief valve poppet sticking',
    partName: 'Valve, Main Relief',
    partNumber: '3C081-62820',
    assembly: 'Hydraulics',
    subAssembly: 'Hydraulic Pump',
    probableCause: 'Seal damaged by contamination',
    troubleshooting: 'Logged the hydraulic pressure at the test port through a working day.',
    remedy: 'Replaced the main relief valve and flushed the hydraulic system.',
    seen: 'the hydraulic pressure gauge at the test port',
    customer: [
      'Hydraulic pressure dropped to 120 bar under load for about a minute.',
      'Hydraulic oil sample taken; the filter shows fine metal particles.',
    ],
    support: [
      'Please check the hydraulic pressure at the test port under load and send the reading.',
      'Replace the main relief valve and flush the hydraulic system.',
    ],
  },
};

/** The story of a demo case's subject; every demo subject has one. */
export function storyOf(subject: string): CaseStory {
  const story = CASE_STORIES[subject];
  if (!story) throw new Error(`demo case subject without a story: ${subject}`);
  return story;
}

/** The dealer's updates of a story: its own, then those that fit any fault. */
export function customerLines(story: CaseStory): string[] {
  return [...story.customer, ...CUSTOMER_ANY];
}

export function supportLines(story: CaseStory): string[] {
  return [...story.support, ...SUPPORT_ANY];
}
