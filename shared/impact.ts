import { BOTTLE_LITRES, CO2_KG_PER_BOTTLE } from './constants';

export interface ImpactFactors {
  bottleLitres: number;
  co2KgPerBottle: number;
}

const DEFAULT_IMPACT_FACTORS: ImpactFactors = { bottleLitres: BOTTLE_LITRES, co2KgPerBottle: CO2_KG_PER_BOTTLE };

/** Impact is derived from metered volume, never typed in. */
export function impactOfLitres(litres: number, factors: ImpactFactors = DEFAULT_IMPACT_FACTORS) {
  const bottlesSaved = Math.floor(litres / factors.bottleLitres);
  const co2Saved = Math.round(bottlesSaved * factors.co2KgPerBottle * 100) / 100;
  return { litresRefilled: litres, bottlesSaved, co2Saved };
}
