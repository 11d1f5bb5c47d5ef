import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  Campaign,
  Claim,
  FaultCode,
  MachineDetail,
  MajorComponent,
  Policy,
} from '../../contract/machines';
import type { Database } from '../db/schema';
import { iconUrlOf, readStockIconMap } from './stock-icon-map';

interface DetailRow {
  id: string;
  serial_number: string;
  material_number: string;
  description: string;
  pin: string;
  model_family: string;
  imei: string | null;
  customer_name: string | null;
  customer_city: string | null;
  customer_state: string | null;
  servicing_dealer_id: string | null;
  dealer_name: string | null;
  is_stolen: boolean;
  is_pre_owned: boolean;
  is_scrapped: boolean;
  is_auction: boolean;
  is_donated: boolean;
  is_modified: boolean;
  has_ktac: boolean;
  // Built as JSON by the database: dates come out as 'YYYY-MM-DD', numerics as numbers.
  campaigns: Campaign[];
  policies: Policy[];
  claims: Claim[];
  fault_codes: FaultCode[];
  major_components: MajorComponent[];
}

/**
 * One statement per machine or page of machines: the machine with its owner and dealer, and
 * each child list aggregated to JSON in a correlated subquery (an index lookup each), so a
 * lookup is a single round trip. `where` and `tail` are fragments with bound parameters.
 */
function detailQuery(where: RawBuilder<unknown>, tail: RawBuilder<unknown>) {
  return sql<DetailRow>`
    SELECT m.id, m.serial_number, m.material_number, m.description, m.pin, m.model_family, m.imei,
      c.name AS customer_name, c.city AS customer_city, c.state AS customer_state,
      m.servicing_dealer_id, d.name AS dealer_name,
      m.is_stolen, m.is_pre_owned, m.is_scrapped, m.is_auction, m.is_donated, m.is_modified,
      m.has_ktac,
      COALESCE((
        SELECT json_agg(json_build_object(
            'campaignName', x.campaign_name, 'campaignType', x.campaign_type,
            'campaignEndDate', x.campaign_end_date, 'isMandatory', x.is_mandatory)
          ORDER BY x.is_mandatory DESC, x.campaign_name, x.id)
        FROM machine_campaigns x WHERE x.machine_id = m.id), '[]'::json) AS campaigns,
      COALESCE((
        SELECT json_agg(json_build_object(
            'policyName', p.policy_name, 'policyType', p.policy_type, 'policyCode', p.policy_code,
            'warrantyStartDate', p.warranty_start_date, 'warrantyEndDate', p.warranty_end_date,
            'pdInventoryUsages', COALESCE((
              SELECT json_agg(json_build_object(
                  'usageReadingType', u.usage_reading_type, 'maximumUnit', u.maximum_unit,
                  'unitsOfMeasure', u.units_of_measure) ORDER BY u.id)
              FROM machine_policy_usages u WHERE u.policy_id = p.id), '[]'::json))
          ORDER BY p.warranty_end_date DESC, p.id)
        FROM machine_policies p WHERE p.machine_id = m.id), '[]'::json) AS policies,
      COALESCE((
        SELECT json_agg(json_build_object(
            'claimNumber', k.claim_number, 'claimType', k.claim_type,
            'inventorySerialNumber', m.serial_number, 'modelNumber', m.material_number,
            'dealer', COALESCE(kd.name, ''), 'dateOfRepair', k.date_of_repair,
            'symptomDescription', k.symptom_description, 'defectDescription', k.defect_description,
            'causalPartDescription', k.causal_part_description,
            'causalPartNumber', k.causal_part_number,
            'machineUsageReading', k.machine_usage_reading, 'serviceCampaign', k.service_campaign)
          ORDER BY k.date_of_repair DESC, k.id)
        FROM machine_claims k LEFT JOIN accounts kd ON kd.id = k.dealer_id
        WHERE k.machine_id = m.id), '[]'::json) AS claims,
      COALESCE((
        SELECT json_agg(json_build_object(
            'hrReading', f.hr_reading, 'spn', f.spn, 'fmi', f.fmi, 'sa', f.sa,
            'epCode', f.ep_code, 'description', f.description, 'severity', f.severity)
          ORDER BY f.hr_reading DESC, f.id)
        FROM machine_fault_codes f WHERE f.machine_id = m.id), '[]'::json) AS fault_codes,
      COALESCE((
        SELECT json_agg(json_build_object(
            'componentType', g.component_type, 'description', g.description,
            'partNumber', g.part_number, 'serialNumber', g.serial_number,
            'installedOn', g.installed_on)
          ORDER BY g.id)
        FROM machine_components g WHERE g.machine_id = m.id), '[]'::json) AS major_components
    FROM machines m
    LEFT JOIN accounts c ON c.id = m.customer_id
    LEFT JOIN accounts d ON d.id = m.servicing_dealer_id
    WHERE ${where}
    ${tail}`;
}

function toDetail(r: DetailRow, icons: Record<string, string>): MachineDetail {
  return {
    inventoryId: r.id,
    serialNumber: r.serial_number,
    materialNumber: r.material_number,
    materialNumberDescription: r.description,
    productIdentificationNo: r.pin,
    modelFamily: r.model_family,
    iconUrl: iconUrlOf(icons, r.model_family),
    imei: r.imei,
    endCustomerName: r.customer_name,
    endCustomerCity: r.customer_city,
    endCustomerState: r.customer_state,
    servicingDealerId: r.servicing_dealer_id,
    servicingDealerName: r.dealer_name,
    isStolenInventory: r.is_stolen,
    isPreOwned: r.is_pre_owned,
    isScrapped: r.is_scrapped,
    isAuction: r.is_auction,
    isDonated: r.is_donated,
    isModified: r.is_modified,
    hasKtac: r.has_ktac,
    campaigns: r.campaigns,
    policies: r.policies,
    claims: r.claims,
    faultCodes: r.fault_codes,
    majorComponents: r.major_components,
  };
}

/** Machines matching `where` (a fragment over alias m), with every detail, in `tail`'s order. */
export async function machineDetails(
  db: Kysely<Database>,
  where: RawBuilder<unknown>,
  tail: RawBuilder<unknown> = sql``,
): Promise<MachineDetail[]> {
  const [result, icons] = await Promise.all([
    detailQuery(where, tail).execute(db),
    readStockIconMap(db),
  ]);
  return result.rows.map((r) => toDetail(r, icons));
}
