export declare const MODULE_ORDER: readonly string[];
