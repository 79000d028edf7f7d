"""Genertela: the 40-turn grand campaign of Gloranthan history."""
