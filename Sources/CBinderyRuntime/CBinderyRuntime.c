// Declarations only: see include/CBinderyRuntime.h.
#include "CBinderyRuntime.h"
