import { endpoint } from '../endpoint';
import { predictionQualitySchema } from '../prediction-quality';

/**
 * Administrators' Predictions quality page. Declared for any signed-in user because the gateway
 * answers everyone but an internal administrator 404, as if the page did not exist: across every
 * dealer's predictions, it is not a dealer's to know of.
 */
export const getPredictionQuality = endpoint({
  method: 'GET',
  path: '/api/v1/predictions/quality',
  summary: 'Hit rate (top 1/3/5) of the predictions whose outcome is known, by month and model',
  access: 'user',
  scope: 'public',
  responses: { 200: predictionQualitySchema },
});
