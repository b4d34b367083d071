import type { Qrs } from './qrs';

/**
 * THE PROJECT'S OWN STAND-IN for the missing QRS (DIGEST A-1) — made up, NOT the author's
 * numbers. The same data as assets/anrt/qrs-stand-in.yaml (a test keeps them equal). Players
 * see it labelled as a stand-in wherever it is used (settings lines, the narrative's rule tags).
 */
export const STAND_IN_QRS: Qrs = {
  "movement": {
    "infantry-line": 6,
    "infantry-reinforced-line": 6,
    "infantry-column": 8,
    "infantry-masse": 6,
    "infantry-march-column": 12,
    "infantry-square": 2,
    "infantry-skirmish": 8,
    "cavalry-line": 12,
    "cavalry-column": 14,
    "cavalry-march-column": 18,
    "cavalry-skirmish": 15,
    "foot-artillery-limbered": 8,
    "foot-artillery-prolong": 2,
    "horse-artillery-limbered": 14,
    "horse-artillery-prolong": 3,
    "position-battery-limbered": 6,
    "general": 24
  },
  "commandBox": {
    "frontInches": 12,
    "depthInches": 6
  },
  "pips": {
    "cost": {
      "move": 1,
      "formation-change": 1,
      "recover-disorder": 1,
      "enter-buildings": 1,
      "brigadier-move": 1,
      "higher-commander-extra-move": 1,
      "out-of-command-move": 2
    },
    "adjust": {
      "per-brigade": 1,
      "brigade-half-strength": -1,
      "replacement-general": -1,
      "divisional-general-attached": -1,
      "general-incapacitated": -2
    }
  },
  "musketry": {
    "range": {
      "close": 2,
      "long": 4
    },
    "results": {
      "close": {
        "line": {
          "line": "X",
          "reinforced-line": "X",
          "column": "X",
          "masse": "X",
          "square": "X",
          "skirmish": 4,
          "march-column": "X+",
          "cavalry": "X",
          "artillery": 2,
          "buildings": 4
        },
        "reinforced-line": {
          "line": "X+",
          "reinforced-line": "X+",
          "column": "2X",
          "masse": "2X",
          "square": "2X",
          "skirmish": "X",
          "march-column": "2X",
          "cavalry": "X+",
          "artillery": "X",
          "buildings": "X"
        },
        "column": {
          "line": 4,
          "reinforced-line": 4,
          "column": 2,
          "masse": 2,
          "square": "X",
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 4,
          "artillery": 5,
          "buildings": "NE"
        },
        "masse": {
          "line": 5,
          "reinforced-line": 5,
          "column": 3,
          "masse": 3,
          "square": 2,
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 5,
          "artillery": 6,
          "buildings": "NE"
        },
        "square": {
          "line": 4,
          "reinforced-line": 4,
          "column": 2,
          "masse": 2,
          "square": "X",
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 4,
          "artillery": 5,
          "buildings": "NE"
        },
        "skirmish": {
          "line": 4,
          "reinforced-line": 4,
          "column": 2,
          "masse": 2,
          "square": "X",
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 4,
          "artillery": 5,
          "buildings": "NE"
        },
        "buildings": {
          "line": "X",
          "reinforced-line": "X",
          "column": "X",
          "masse": "X",
          "square": "X",
          "skirmish": 4,
          "march-column": "X+",
          "cavalry": "X",
          "artillery": 2,
          "buildings": 4
        },
        "cavalry": {
          "line": 5,
          "reinforced-line": 5,
          "column": 3,
          "masse": 3,
          "square": 2,
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 5,
          "artillery": 6,
          "buildings": "NE"
        }
      },
      "long": {
        "line": {
          "line": 4,
          "reinforced-line": 4,
          "column": 2,
          "masse": 2,
          "square": "X",
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 4,
          "artillery": 5,
          "buildings": "NE"
        },
        "reinforced-line": {
          "line": "X",
          "reinforced-line": "X",
          "column": "X",
          "masse": "X",
          "square": "X+",
          "skirmish": 3,
          "march-column": "X+",
          "cavalry": "X",
          "artillery": "X",
          "buildings": 3
        },
        "column": {
          "line": "NE",
          "reinforced-line": "NE",
          "column": 5,
          "masse": 5,
          "square": 4,
          "skirmish": "NE",
          "march-column": 3,
          "cavalry": "NE",
          "artillery": "NE",
          "buildings": "NE"
        },
        "masse": {
          "line": "NE",
          "reinforced-line": "NE",
          "column": 6,
          "masse": 6,
          "square": 5,
          "skirmish": "NE",
          "march-column": 4,
          "cavalry": "NE",
          "artillery": "NE",
          "buildings": "NE"
        },
        "square": {
          "line": "NE",
          "reinforced-line": "NE",
          "column": 5,
          "masse": 5,
          "square": 4,
          "skirmish": "NE",
          "march-column": 3,
          "cavalry": "NE",
          "artillery": "NE",
          "buildings": "NE"
        },
        "skirmish": {
          "line": "NE",
          "reinforced-line": "NE",
          "column": 5,
          "masse": 5,
          "square": 4,
          "skirmish": "NE",
          "march-column": 3,
          "cavalry": "NE",
          "artillery": "NE",
          "buildings": "NE"
        },
        "buildings": {
          "line": 4,
          "reinforced-line": 4,
          "column": 2,
          "masse": 2,
          "square": "X",
          "skirmish": "NE",
          "march-column": "X",
          "cavalry": 4,
          "artillery": 5,
          "buildings": "NE"
        },
        "cavalry": {
          "line": "NE",
          "reinforced-line": "NE",
          "column": 6,
          "masse": 6,
          "square": 5,
          "skirmish": "NE",
          "march-column": 4,
          "cavalry": "NE",
          "artillery": "NE",
          "buildings": "NE"
        }
      }
    }
  },
  "artCan": {
    "range": {
      "light": 4,
      "medium": 5,
      "heavy": 6,
      "horse": 4
    },
    "results": {
      "light": {
        "line": "X",
        "reinforced-line": "X",
        "column": "X",
        "masse": "X",
        "square": "X",
        "skirmish": 4,
        "march-column": "X+",
        "cavalry": "X",
        "artillery": 2,
        "buildings": 4
      },
      "medium": {
        "line": "X+",
        "reinforced-line": "2X",
        "column": "2X",
        "masse": "2X",
        "square": "2X",
        "skirmish": "X",
        "march-column": "2X",
        "cavalry": "X+",
        "artillery": "X",
        "buildings": "X"
      },
      "heavy": {
        "line": "2X",
        "reinforced-line": "2X",
        "column": "2X",
        "masse": "2X",
        "square": "2X",
        "skirmish": "X",
        "march-column": "2X",
        "cavalry": "2X",
        "artillery": "X+",
        "buildings": "X"
      },
      "horse": {
        "line": "X",
        "reinforced-line": "X",
        "column": "X",
        "masse": "X",
        "square": "X",
        "skirmish": 4,
        "march-column": "X+",
        "cavalry": "X",
        "artillery": 2,
        "buildings": 4
      }
    }
  },
  "artLong": {
    "range": {
      "light": 16,
      "medium": 20,
      "heavy": 24,
      "horse": 16
    },
    "results": {
      "light": {
        "line": 5,
        "reinforced-line": 3,
        "column": 3,
        "masse": 3,
        "square": 2,
        "skirmish": "NE",
        "march-column": "X",
        "cavalry": 5,
        "artillery": 6,
        "buildings": "NE"
      },
      "medium": {
        "line": 4,
        "reinforced-line": 2,
        "column": 2,
        "masse": 2,
        "square": "X",
        "skirmish": "NE",
        "march-column": "X",
        "cavalry": 4,
        "artillery": 5,
        "buildings": "NE"
      },
      "heavy": {
        "line": 2,
        "reinforced-line": "X",
        "column": "X",
        "masse": "X",
        "square": "X",
        "skirmish": 5,
        "march-column": "X",
        "cavalry": 2,
        "artillery": 3,
        "buildings": 5
      },
      "horse": {
        "line": 5,
        "reinforced-line": 3,
        "column": 3,
        "masse": 3,
        "square": 2,
        "skirmish": "NE",
        "march-column": "X",
        "cavalry": 5,
        "artillery": 6,
        "buildings": "NE"
      }
    }
  },
  "fireAdjust": {
    "veteran": 1,
    "inferior": -1,
    "bad": -2,
    "pass-through": -3,
    "target-in-soft-cover": -2,
    "target-in-hard-cover": -4,
    "firer-disordered": -2,
    "firer-large": 1,
    "firer-small": -1,
    "enfilade": 2,
    "firer-moved": -1
  },
  "melee": {
    "infantry": {
      "LINE": "X",
      "REINFORCED LINE": 4,
      "CAV LINE": "X+",
      "CAV COL": "X",
      "COL": "X",
      "MASSE": 3,
      "SQUARE": 5,
      "CAVALRY": "X",
      "SKIRMISH": "X",
      "ARTILLERY": "X+",
      "BUILDINGS": 5
    },
    "cavalry": {
      "LINE": "X",
      "REINFORCED LINE": "X",
      "CAV LINE": "2X",
      "CAV COL": "X",
      "COL": "X+",
      "MASSE": "X",
      "SQUARE": 3,
      "CAVALRY": "X",
      "SKIRMISH": "X+",
      "ARTILLERY": "2X",
      "BUILDINGS": 3
    },
    "skirmish": {
      "LINE": 5,
      "REINFORCED LINE": 6,
      "CAV LINE": "X",
      "CAV COL": 4,
      "COL": 3,
      "MASSE": "NE",
      "SQUARE": "NE",
      "CAVALRY": 5,
      "SKIRMISH": 2,
      "ARTILLERY": "X",
      "BUILDINGS": "NE"
    },
    "artillery": {
      "LINE": 6,
      "REINFORCED LINE": "NE",
      "CAV LINE": 2,
      "CAV COL": 5,
      "COL": 4,
      "MASSE": "NE",
      "SQUARE": "NE",
      "CAVALRY": 6,
      "SKIRMISH": 3,
      "ARTILLERY": 2,
      "BUILDINGS": "NE"
    }
  },
  "meleeAdjust": {
    "elite": 2,
    "veteran": 1,
    "inferior": -1,
    "bad": -2,
    "disordered": -2,
    "flank-or-rear": -3,
    "full-support": 1,
    "no-support": -1,
    "charging": 1,
    "uphill": 1,
    "in-cover": 2,
    "heavy-cavalry": 1,
    "lancers": 1,
    "large": 1,
    "small": -1
  },
  "morale": {
    "bands": {
      "router": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "rout"
        }
      ],
      "charge": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "charge-response": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "emergency-square": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "moving-square": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "fire-and-fight": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "volley-and-countercharge": [
        {
          "min": 4,
          "result": "pass"
        },
        {
          "min": 2,
          "result": "disorder"
        },
        {
          "min": -10,
          "result": "halt"
        }
      ],
      "melee-draw": [
        {
          "min": 5,
          "result": "fight-on"
        },
        {
          "min": 3,
          "result": "withdraw"
        },
        {
          "min": -10,
          "result": "rout"
        }
      ],
      "melee-loss": [
        {
          "min": 5,
          "result": "fight-on"
        },
        {
          "min": 3,
          "result": "withdraw"
        },
        {
          "min": -10,
          "result": "rout"
        }
      ],
      "cavalry-win-melee": [
        {
          "min": 5,
          "result": "rally-back"
        },
        {
          "min": 3,
          "result": "halt"
        },
        {
          "min": -10,
          "result": "pursue"
        }
      ],
      "cavalry-recall": [
        {
          "min": 5,
          "result": "rally-back"
        },
        {
          "min": 3,
          "result": "halt"
        },
        {
          "min": -10,
          "result": "pursue"
        }
      ]
    },
    "adjust": {
      "elite": 2,
      "veteran": 1,
      "inferior": -1,
      "bad": -2,
      "disordered": -1,
      "out-of-command": -1,
      "half-hits-lost": -1,
      "one-hit-left": -2,
      "general-attached": 1,
      "full-support": 1,
      "no-support": -1,
      "flank-or-rear-threat": -2,
      "charged-by-cavalry": -1
    }
  },
  "risk": {
    "fire": 6,
    "melee": 5
  }
};
