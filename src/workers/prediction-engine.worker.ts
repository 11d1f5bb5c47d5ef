/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createEngine } from '../../engine/index';
import { db } from '../db/db';
import { createPredictionService } from './prediction-engine-service';

// The worker opens the app's Dexie database itself: the kept claims never cross the thread
// boundary, only the query and its few ranked answers.
expose(createPredictionService(db, createEngine));
